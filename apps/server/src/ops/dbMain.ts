import { runDbCommand } from './dbCommand';

runDbCommand(process.argv.slice(2)).then((code) => process.exit(code), (err) => { console.error(err); process.exit(1); });
