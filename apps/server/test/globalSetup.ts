import { buildTemplate } from './templateDb';

export default async function setup() {
  await buildTemplate();
}
