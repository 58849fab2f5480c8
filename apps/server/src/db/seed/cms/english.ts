/**
 * English versions of the demo content (the fictional 本草制药, Bencao Pharmaceutical): the header's
 * column names, the about-us pages, the twelve products with their package inserts, and the six newest
 * news items. Written as an English-language pharmaceutical site would word them.
 */
import type { ArticleTranslationInput } from '@bencao/contracts';

const p = (...paras: string[]) => paras.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('');
const h2 = (t: string) => `<h2>${t}</h2>`;
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export const COMPANY_EN = 'Bencao Pharmaceutical Co., Ltd.';

/** English names of the seeded columns, by column code */
export const COLUMN_LABELS_EN: Record<string, string> = {
  home: 'Home', about: 'About us', news: 'News', product: 'Products', medicine: 'TCM knowledge', culture: 'Culture',
  manpower: 'Careers', bid: 'Procurement', 'news.company': 'Company news', 'news.industry': 'Industry news',
  'manpower.jobs': 'Job openings', 'bid.tender': 'Tender notices', 'bid.change': 'Amendments', 'bid.result': 'Award results',
};

/** the English of the settings visitors read, and of the seeded content categories (by their Chinese name) */
export const SETTINGS_EN = {
  companyName: COMPANY_EN,
  address: '88 Bencao Avenue, Yuhang District, Hangzhou, Zhejiang, China',
  serviceHours: '9:00–21:00',
  categories: {
    公司新闻: 'Company news', 行业资讯: 'Industry news', 中药知识: 'Herbal knowledge', 养生保健: 'Wellbeing',
    呼吸系统: 'Respiratory', 心脑血管: 'Heart and circulation', 用药指导: 'Medication guidance', 脾胃消化: 'Digestion', 补益调理: 'Tonics',
  } as Record<string, string>,
};

type En = Omit<ArticleTranslationInput, 'seoTitle' | 'seoDescription'> & { seoTitle?: string; seoDescription?: string };

const std = 'Pharmacopoeia of the People’s Republic of China (2025 edition), Volume I';
const label = (f: Record<string, string>) => ({
  adverseReactions: 'Not yet established.', contraindications: 'Not yet established.', storage: 'Keep tightly closed.',
  standard: std, manufacturer: COMPANY_EN, ...f,
});
const common = 'Avoid tobacco, alcohol and spicy, cold, raw or greasy food.';

/** English translations of seeded articles, by seed key */
export const ENGLISH: Record<string, En> = {
  // ───────────── about us ─────────────
  'page-overview': {
    title: 'Company overview',
    summary: 'Bencao Pharmaceutical is a modern Chinese medicine company that grows medicinal herbs and researches, makes and sells herbal slices and proprietary Chinese medicines.',
    fields: { subtitle: 'Authentic herbs for the health of every family', timeline: [], highlights: [
      { label: 'Founded', value: '1987' }, { label: 'Products in production', value: '86' }, { label: 'GAP herb farms', value: '800 ha' }, { label: 'Employees', value: '2,300+' },
    ] },
    body: p(
      'Bencao Pharmaceutical Co., Ltd. was founded in 1987 as a small herbal-slice workshop in Yuhang, Hangzhou. Over more than thirty years it has grown into a modern Chinese medicine company covering herb cultivation, herbal slices, and the research, manufacture and sale of proprietary Chinese medicines.',
      'Headquartered in Hangzhou, Zhejiang, the company runs the Yuhang smart manufacturing base for modern Chinese medicine and two herb farms in Dingxi, Gansu and Chifeng, Inner Mongolia. Its 86 products serve respiratory, digestive, tonic and cardiovascular needs, as granules, tablets, capsules, pills and syrups.',
      h2('Quality first'),
      'A quality system spans cultivation, purchasing, production, testing, storage and transport. The quality testing centre runs LC-MS and other modern instruments, and every main product is controlled by chromatographic fingerprint.',
      h2('Driven by innovation'),
      'The company hosts a provincial enterprise technology centre, works with several universities of Chinese medicine, holds more than 40 invention patents, and is developing classical formulas and new Chinese medicines.',
    ),
  },
  'page-strategy': {
    title: 'Strategy',
    summary: 'Authentic herbs, modern manufacturing and evidence-based research: building a Chinese medicine company people can trust.',
    fields: { subtitle: 'Authentic herbs · Modern manufacturing · Evidence-based research', timeline: [], highlights: [
      { label: 'R&D spend (of revenue)', value: '6.8%' }, { label: 'Projects in development', value: '23' }, { label: 'Farm area by 2030', value: '2,000 ha' },
    ] },
    body: p(
      'Bencao Pharmaceutical’s strategy rests on authentic herbs as its foundation, modern manufacturing as its support and evidence-based research as its guide.',
      h2('1. Authentic herbs'),
      'Expand GAP farms, build a germplasm nursery and a traceability platform, so that the herbs of every main product come from known sources with traceable quality.',
      h2('2. Smart manufacturing'),
      'Digitise extraction, formulation and warehousing end to end, with a quality assurance system built on process data for consistent batches.',
      h2('3. Innovation'),
      'Focus on respiratory, digestive and cardiovascular medicine; develop classical formulas and build clinical evidence for marketed products.',
      h2('4. People and culture'),
      'Train and reward talent, pass on the skills of master herbal pharmacists, and build a learning organisation.',
    ),
  },
  'page-history': {
    title: 'Our history',
    summary: 'From a herbal-slice workshop to a modern Chinese medicine company: more than thirty years of Bencao.',
    fields: { subtitle: 'Thirty years of making good medicine', highlights: [], timeline: [
      { year: '1987', text: 'Yuhang Herbal Slice Factory founded, processing traditional herbal slices.' },
      { year: '1996', text: 'First production line for proprietary Chinese medicines; first granule product launched.' },
      { year: '2004', text: 'GMP certification; reorganised as Bencao Pharmaceutical Co.' },
      { year: '2011', text: 'GAP farms for Angelica sinensis and Astragalus opened in Dingxi, Gansu.' },
      { year: '2016', text: 'Provincial enterprise technology centre and quality testing centre opened.' },
      { year: '2020', text: 'Became a joint-stock company: Bencao Pharmaceutical Co., Ltd.' },
      { year: '2023', text: 'Phase I of the Yuhang smart manufacturing base in operation; herb traceability platform launched.' },
      { year: '2026', text: 'Phase II of the smart manufacturing base completed; named a provincial Green Factory.' },
    ] },
    body: p('For more than thirty years Bencao has held to one simple belief — make good medicine — and has grown from a herbal-slice workshop into a modern Chinese medicine company.'),
  },
  'page-party': {
    title: 'Party building',
    summary: 'Party leadership turned into strength for the company’s development.',
    fields: { subtitle: 'Leading by example, delivering results', timeline: [], highlights: [
      { label: 'Party branches', value: '9' }, { label: 'Party members', value: '312' }, { label: 'Model posts', value: '46' },
    ] },
    body: p(
      'The company’s Party committee oversees 9 branches with 312 members, and integrates Party work closely with production and business.',
      h2('Strong grassroots organisations'),
      'Model posts and areas of responsibility in workshops, the quality testing centre and the herb farms let Party members lead in quality improvement, safety and demanding tasks.',
      h2('Serving the community'),
      'Regular free TCM clinics in local communities and support for herb-growing areas, with volunteers serving residents and cooperative farmers.',
      h2('Integrity'),
      'Close oversight of purchasing and tendering: procurement is open, and every tender is published on the company website.',
    ),
  },
  'page-culture': {
    title: 'Corporate culture',
    summary: 'Our mission: authentic herbs for the health of every family. Our values: sincerity, precision, harmony and innovation.',
    fields: { subtitle: 'Authentic herbs for the health of every family', timeline: [], highlights: [
      { label: 'Mission', value: 'Guarding people’s health' }, { label: 'Vision', value: 'A trusted modern TCM company' }, { label: 'Values', value: 'Integrity, rigour, harmony, innovation' },
    ] },
    body: p(
      h2('Mission'),
      'Select authentic medicinal herbs and guard the health of every family.',
      h2('Vision'),
      'A modern Chinese medicine company trusted by patients, a source of pride for its people and respected by society.',
      h2('Core values'),
      ul('<strong>Sincerity</strong>: integrity above all — act rightly even when no one is watching.', '<strong>Precision</strong>: never cut the labour of processing, never stint on the materials, however costly.', '<strong>Harmony</strong>: grow together with our people, partners and farmers.', '<strong>Innovation</strong>: keep to the essence while innovating, and explain traditional medicine with modern science.'),
    ),
  },

  // ───────────── products ─────────────
  'prod-01': {
    title: 'Banlangen Granules', summary: 'Clears heat and toxins, cools the blood and soothes the throat. For sore, swollen throat and dry mouth due to heat in the lung and stomach.',
    fields: label({
      name: 'Banlangen Granules (Isatis Root Granules)', ingredients: 'Isatis root (Isatidis Radix). Excipients: sucrose, dextrin.', appearance: 'Light brownish-yellow to dark brown granules; sweet, slightly bitter taste.',
      indications: 'Clears heat and toxins, cools the blood and soothes the throat. For sore, swollen throat, dry mouth and swollen cheeks due to heat in the lung and stomach; acute tonsillitis or mumps with these signs.',
      specification: '10 g per sachet (equivalent to 14 g of herbal slices)', usage: 'Dissolve in hot water. 5–10 g each time, 3–4 times a day.',
      precautions: `1. ${common}\n2. Do not take tonic Chinese medicines at the same time.\n3. Patients with diabetes or serious chronic disease (hypertension, heart, liver or kidney disease) should use it under a physician’s guidance.\n4. Children, pregnant or breastfeeding women and the elderly or frail should use it under a physician’s guidance.\n5. See a doctor if symptoms do not improve within 3 days.`,
      packaging: 'Laminated sachets, 10 g each, 20 sachets per box.', validity: '36 months',
    }),
    body: p('Made from isatis root grown on our GAP farms, extracted, concentrated and granulated: easy to dissolve and a staple of the family medicine cabinet.'),
  },
  'prod-02': {
    title: 'Chuanbei Pipa Syrup', summary: 'Clears heat, ventilates the lung, resolves phlegm and relieves cough. For cough with yellow or sticky phlegm due to wind-heat in the lung.',
    fields: label({
      name: 'Chuanbei Pipa Syrup (Fritillaria and Loquat Syrup)', ingredients: 'Fritillaria cirrhosa bulb liquid extract, platycodon root, loquat leaf, menthol. Excipients: sucrose, sodium benzoate.', appearance: 'Viscous reddish-brown liquid; aromatic, sweet, slightly bitter and cooling.',
      indications: 'Clears heat, ventilates the lung, resolves phlegm and relieves cough. For cough with yellow phlegm or phlegm hard to bring up, sore throat and chest tightness due to wind-heat or phlegm-heat in the lung; colds and bronchitis with these signs.',
      specification: '150 ml per bottle', usage: 'Oral. 10 ml each time, 3 times a day.',
      precautions: `1. ${common}\n2. Use with caution in diabetes.\n3. Patients with bronchiectasis, lung abscess, pulmonary heart disease or tuberculosis should use it under a physician’s guidance.\n4. See a doctor if symptoms do not improve within 3 days.\n5. Do not use if its appearance has changed.`,
      storage: 'Keep tightly closed in a cool place.', packaging: 'Polyester bottle of 150 ml with dosing cup.', validity: '24 months',
    }),
    body: p('Cool and mildly sweet, for coughs with phlegm-heat. Take as directed on the insert and finish soon after opening.'),
  },
  'prod-03': {
    title: 'Yinqiao Jiedu Tablets', summary: 'Disperses wind, releases the exterior, clears heat and toxins. For wind-heat colds with fever, headache, cough, dry mouth and sore throat.',
    fields: label({
      name: 'Yinqiao Jiedu Tablets (Honeysuckle and Forsythia Tablets)', ingredients: 'Honeysuckle flower, forsythia fruit, peppermint, schizonepeta, fermented soybean, burdock fruit (stir-fried), platycodon root, lophatherum leaf, liquorice root.', appearance: 'Light brown to dark brown tablets or film-coated tablets, light to dark brown inside; aromatic, bitter and pungent.',
      indications: 'Disperses wind, releases the exterior, clears heat and toxins. For common colds of the wind-heat type, with fever, headache, cough, dry mouth and sore throat.',
      specification: '0.5 g per film-coated tablet', usage: 'Oral. 4 tablets each time, 2–3 times a day.',
      precautions: `1. ${common}\n2. Do not take tonic Chinese medicines at the same time.\n3. Not suitable for wind-cold colds (strong chills, mild fever, no sweating, blocked nose with clear discharge).\n4. See a doctor if symptoms do not improve within 3 days.`,
      packaging: 'Blister packs of 12 tablets, 2 packs per box.', validity: '36 months',
    }),
    body: p('Based on Yinqiao San, a classic formula of the Qing dynasty for warm diseases, for the first stage of wind-heat colds.'),
  },
  'prod-04': {
    title: 'Xiangsha Yangwei Pills', summary: 'Warms the middle and harmonises the stomach. For stomach ache and fullness due to weak stomach yang with dampness and qi stagnation.',
    fields: label({
      name: 'Xiangsha Yangwei Pills (Costus and Amomum Stomach Pills)', ingredients: 'Costus root, amomum fruit, white atractylodes, tangerine peel, poria, processed pinellia, vinegar-processed cyperus, bitter orange (stir-fried), round cardamom, ginger-processed magnolia bark, patchouli, liquorice root. Excipients: fresh ginger, jujube.', appearance: 'Black water-bound pills; faint odour, pungent and slightly bitter.',
      indications: 'Warms the middle and harmonises the stomach. For dull stomach pain, fullness, acid regurgitation, discomfort, poor appetite and tiredness due to weak stomach yang with dampness and qi stagnation.',
      specification: '8 pills equivalent to 3 g of herbal slices', usage: 'Oral. 9 g each time, twice a day.',
      precautions: `1. Eat light food; ${common.charAt(0).toLowerCase()}${common.slice(1)}\n2. Avoid anger and worry.\n3. Not suitable for stomach pain with heartburn, bitter taste or constipation.\n4. See a doctor if symptoms do not improve within 3 days.`,
      storage: 'Keep tightly closed; protect from moisture.', packaging: 'Plastic bottle of 360 pills.', validity: '48 months',
    }),
    body: p('Small water-bound pills, easy to carry and take, for dull pain and fullness after cold or raw food.'),
  },
  'prod-05': {
    title: 'Baohe Pills', summary: 'Promotes digestion, removes food stagnation and harmonises the stomach. For fullness, belching, acid regurgitation and poor appetite after overeating.',
    fields: label({
      name: 'Baohe Pills (Harmony-Preserving Pills)', ingredients: 'Charred hawthorn fruit, medicated leaven (stir-fried), processed pinellia, poria, tangerine peel, forsythia fruit, stir-fried radish seed, stir-fried malt.', appearance: 'Greyish-brown to brown water-bound pills; slightly aromatic, slightly sour and astringent.',
      indications: 'Promotes digestion, removes food stagnation and harmonises the stomach. For food retention with abdominal fullness, foul belching, acid regurgitation and poor appetite.',
      specification: '6 g per sachet', usage: 'Oral. 6–9 g each time, twice a day; reduce the dose for children.',
      precautions: `1. Eat light food; ${common.charAt(0).toLowerCase()}${common.slice(1)}\n2. Do not take tonic Chinese medicines at the same time.\n3. Not for long-term use by frail or elderly people.\n4. See a doctor if symptoms do not improve within 3 days.`,
      storage: 'Keep tightly closed; protect from moisture.', packaging: 'Laminated sachets, 6 g each, 10 sachets per box.', validity: '36 months',
    }),
    body: p('From Danxi’s Experiential Therapy of the Yuan dynasty, a standard formula for indigestion — useful to keep at hand over the holidays.'),
  },
  'prod-06': {
    title: 'Shenling Baizhu Powder', summary: 'Tonifies the spleen and stomach and boosts lung qi. For poor appetite, loose stools, shortness of breath, cough and fatigue due to spleen and stomach weakness.',
    fields: label({
      name: 'Shenling Baizhu Powder (Ginseng, Poria and Atractylodes Powder)', ingredients: 'Ginseng, poria, white atractylodes (stir-fried), Chinese yam, white hyacinth bean (stir-fried), lotus seed, coix seed (stir-fried), amomum fruit, platycodon root, liquorice root.', appearance: 'Yellow to greyish-yellow powder; aromatic, sweet.',
      indications: 'Tonifies the spleen and stomach and boosts lung qi. For spleen and stomach weakness with poor appetite, loose stools, shortness of breath, cough and weak limbs.',
      specification: '6 g per sachet', usage: 'Oral. 6–9 g each time, 2–3 times a day.',
      precautions: '1. Avoid food that is hard to digest.\n2. Not for patients with a cold or fever.\n3. Patients with serious chronic disease (hypertension, heart, liver, kidney disease, diabetes) should use it under a physician’s guidance.\n4. See a doctor if symptoms do not improve within 4 weeks.',
      storage: 'Keep tightly closed; protect from moisture.', packaging: 'Laminated sachets, 6 g each, 12 sachets per box.', validity: '24 months',
    }),
    body: p('From the Song-dynasty Formulary of the Pharmacy Service for Benefiting the People: a gentle formula for people with weak digestion.'),
  },
  'prod-07': {
    title: 'Liuwei Dihuang Pills', summary: 'Nourishes yin and tonifies the kidney. For dizziness, tinnitus, sore back and knees, hot flushes and night sweats due to kidney yin deficiency.',
    fields: label({
      name: 'Liuwei Dihuang Pills (Six-Ingredient Rehmannia Pills)', ingredients: 'Prepared rehmannia root, wine-processed cornus fruit, moutan bark, Chinese yam, poria, alisma rhizome.', appearance: 'Brownish-black concentrated pills; slightly sweet and sour.',
      indications: 'Nourishes yin and tonifies the kidney. For kidney yin deficiency with dizziness, tinnitus, sore and weak back and knees, steaming bone heat, night sweats, seminal emission and wasting-thirst.',
      specification: '8 pills weigh 1.44 g (equivalent to 3 g of herbal slices)', usage: 'Oral. 8 pills each time, 3 times a day.',
      precautions: '1. Avoid food that is hard to digest.\n2. Not for patients with a cold or fever.\n3. Patients with serious chronic disease should use it under a physician’s guidance.\n4. Children and pregnant or breastfeeding women should use it under a physician’s guidance.\n5. See a doctor if symptoms do not improve within 4 weeks.',
      packaging: 'Plastic bottle of 200 pills.', validity: '48 months',
    }),
    body: p('From Qian Yi’s Key to Therapeutics of Children’s Diseases (Song dynasty), made as concentrated pills: a small dose, easy to carry.'),
  },
  'prod-08': {
    title: 'Guipi Pills', summary: 'Boosts qi, strengthens the spleen, nourishes the blood and calms the mind. For palpitations, insomnia, dizziness, fatigue and poor appetite.',
    fields: label({
      name: 'Guipi Pills (Spleen-Restoring Pills)', ingredients: 'Codonopsis root, stir-fried white atractylodes, honey-fried astragalus root, honey-fried liquorice root, poria, processed polygala root, stir-fried spiny jujube seed, longan aril, angelica root, costus root, jujube (pitted). Excipient: honey.', appearance: 'Large dark-brown honeyed pills; faint odour, sweet then slightly bitter and pungent.',
      indications: 'Boosts qi, strengthens the spleen, nourishes the blood and calms the mind. For heart and spleen deficiency with shortness of breath, palpitations, insomnia with dreams, dizziness, weak limbs and poor appetite.',
      specification: '9 g per pill', usage: 'Take with warm water or fresh-ginger tea. 1 pill each time, 3 times a day.',
      precautions: '1. Avoid greasy food.\n2. Not for exterior conditions or excess internal heat.\n3. Take before meals.\n4. Stop and see a doctor if symptoms do not clearly improve within 2 weeks or get worse.',
      packaging: 'Wax shells, 10 pills per box.', validity: '36 months',
    }),
    body: p('A classic tonic formula for palpitations, poor sleep and tiredness after overwork and worry.'),
  },
  'prod-09': {
    title: 'Yupingfeng Granules', summary: 'Boosts qi, consolidates the exterior and stops sweating. For spontaneous sweating, aversion to wind and frequent colds in people with weak defences.',
    fields: label({
      name: 'Yupingfeng Granules (Jade Windscreen Granules)', ingredients: 'Astragalus root, white atractylodes (stir-fried), saposhnikovia root. Excipients: dextrin, sucrose.', appearance: 'Light yellow to brownish-yellow granules; astringent, then sweet.',
      indications: 'Boosts qi, consolidates the exterior and stops sweating. For exterior deficiency with spontaneous sweating, aversion to wind and a pale complexion, or weak people who catch colds easily.',
      specification: '5 g per sachet', usage: 'Dissolve in hot water. 5 g each time, 3 times a day.',
      precautions: '1. Avoid greasy food.\n2. Take before meals.\n3. Not for sweating due to febrile disease.\n4. Stop and see a doctor if symptoms do not clearly improve within 2 weeks or get worse.',
      packaging: 'Laminated sachets, 5 g each, 15 sachets per box.', validity: '24 months',
    }),
    body: p('Made mainly from astragalus of our Gansu farm; the name means “a jade screen against the wind”, for people who catch colds easily.'),
  },
  'prod-10': {
    title: 'Compound Danshen Tablets', summary: 'Activates blood, resolves stasis, regulates qi and relieves pain. For chest impediment with chest tightness and stabbing pain over the heart.',
    fields: label({
      name: 'Compound Danshen Tablets (Compound Salvia Tablets)', ingredients: 'Salvia miltiorrhiza root, notoginseng, borneol.', appearance: 'Film-coated tablets, brown to dark brown inside; aromatic, slightly bitter.',
      indications: 'Activates blood, resolves stasis, regulates qi and relieves pain. For chest impediment due to qi stagnation and blood stasis, with chest tightness and stabbing pain over the heart; angina pectoris of coronary heart disease with these signs.',
      specification: 'Film-coated, 0.32 g per tablet (equivalent to 0.6 g of herbal slices)', usage: 'Oral. 3 tablets each time, 3 times a day.',
      adverseReactions: 'Occasional gastrointestinal discomfort.', contraindications: 'Contraindicated in pregnancy.',
      precautions: '1. Use under a physician’s guidance.\n2. Use with caution in spleen and stomach cold.\n3. Avoid raw, cold, spicy and greasy food during treatment.\n4. Seek medical help at once if angina persists.',
      packaging: 'Blister packs of 12 tablets, 5 packs per box.', validity: '36 months',
    }),
    body: p('Salvia, notoginseng and borneol, extracted with modern methods and film-coated. Prescription medicine: to be bought and used on a physician’s prescription.'),
  },
  'prod-11': {
    title: 'Ginkgo Leaf Capsules', summary: 'Activates blood, resolves stasis and unblocks the collaterals. For chest pain, stroke, hemiplegia and stiff tongue due to blood stasis.',
    fields: label({
      name: 'Ginkgo Leaf Capsules', ingredients: 'Ginkgo leaf extract. Excipients: starch, magnesium stearate.', appearance: 'Hard capsules containing light brownish-yellow to dark brown powder; slightly bitter.',
      indications: 'Activates blood, resolves stasis and unblocks the collaterals. For chest impediment and heart pain, stroke, hemiplegia and stiff tongue with slurred speech due to blood stasis; stable angina and cerebral infarction with these signs.',
      specification: 'Each capsule contains 9.6 mg total flavonol glycosides and 2.4 mg terpene lactones', usage: 'Oral. 2 capsules each time, 3 times a day, or as directed by a physician.',
      adverseReactions: 'Rarely: gastrointestinal discomfort, headache, lowered blood pressure, allergic reactions.', contraindications: 'Contraindicated in patients allergic to this product.',
      precautions: '1. Use with caution in heart failure and pregnancy.\n2. Patients taking anticoagulants should use it under a physician’s guidance.\n3. Use under a physician’s guidance.',
      storage: 'Keep tightly closed in a cool, dry place.', packaging: 'Blister packs of 12 capsules, 2 packs per box.', validity: '24 months', standard: 'National Drug Standard WS-10001-(HD-2026)',
    }),
    body: p('Made from standardised ginkgo leaf extract; every batch is assayed for total flavonol glycosides and terpene lactones. Prescription medicine: use as directed by a physician.'),
  },
  'prod-12': {
    title: 'Xuefu Zhuyu Capsules', summary: 'Activates blood, dispels stasis, moves qi and relieves pain. For chest impediment and long-standing stabbing headache at a fixed site.',
    fields: label({
      name: 'Xuefu Zhuyu Capsules (Blood-Mansion Stasis-Expelling Capsules)', ingredients: 'Stir-fried peach kernel, safflower, rehmannia root, Sichuan lovage root, red peony root, angelica root, achyranthes root, bupleurum root, platycodon root, bran-fried bitter orange, liquorice root.', appearance: 'Hard capsules containing brown to blackish-brown powder; aromatic, slightly bitter.',
      indications: 'Activates blood, dispels stasis, moves qi and relieves pain. For chest impediment due to qi stagnation and blood stasis, long-standing headache with stabbing pain at a fixed site, internal heat and restlessness, palpitations, insomnia and irritability.',
      specification: '0.4 g per capsule', usage: 'Oral. 6 capsules each time, twice a day; one course is 1 month.', contraindications: 'Contraindicated in pregnancy.',
      precautions: '1. Avoid pungent and cold food.\n2. Use with caution in qi deficiency with blood stasis.\n3. Use under a physician’s guidance.',
      packaging: 'Plastic bottle of 60 capsules.', validity: '24 months',
    }),
    body: p('Based on Xuefu Zhuyu Decoction from Wang Qingren’s Correction of Errors in Medical Classics (Qing dynasty), made as capsules. Prescription medicine: to be used on a physician’s prescription.'),
  },

  // ───────────── news (the six newest) ─────────────
  'news-01': {
    title: 'Phase II of the smart manufacturing base for modern Chinese medicine goes into production',
    summary: 'Two new fully automated lines for extraction and formulation raise annual capacity by about 40%, with process data captured online throughout.',
    fields: { source: 'Bencao Party and Public Affairs Department', author: 'Lin Xiao' },
    body: p(
      'On 12 November, Phase II of Bencao Pharmaceutical’s smart manufacturing base for modern Chinese medicine went into production at the Yuhang park. The chairman, local authorities and partner universities started the new lines together.',
      'Phase II adds about 46,000 m² of floor space: a new extraction workshop, a solid-dosage workshop and an automated high-bay warehouse. The extraction workshop uses multi-function extraction tanks with online concentration monitoring; temperature, pressure and time of key steps such as concentration and ethanol precipitation are recorded automatically, and variation between batches has fallen markedly.',
      h2('From experience to data'),
      '“We used to rely largely on the experience of our master workers to judge an extract; now every batch has its full data curves,” said the head of production. Quality staff can review each step’s parameters in real time and close an investigation within the shift when a deviation occurs.',
      'With Phase II, annual capacity for solid dosage forms is expected to rise by about 40%, meeting demand for the main granule, tablet and capsule products.',
    ),
  },
  'news-02': {
    title: 'Bencao and the Provincial University of Chinese Medicine open a joint laboratory for herbal medicine quality',
    summary: 'The partners will work on herb fingerprints, assay methods and stability studies, starting with five projects.',
    fields: { source: 'Bencao R&D Centre', author: 'Zhou Mingyuan' },
    body: p(
      'On 28 October, Bencao Pharmaceutical and the School of Pharmacy of the Provincial University of Chinese Medicine agreed to set up a Joint Laboratory for the Quality Evaluation of Chinese Medicines, housed in the company’s R&D centre and equipped with LC-MS and near-infrared spectrometers.',
      'The partners will study chromatographic fingerprints of common herbs, multi-component assays and the long-term stability of proprietary Chinese medicines, and will train graduate students together. The first five projects cover astragalus, angelica and salvia, among others.',
      'Quality research is the groundwork of modern Chinese medicine, said the head of the R&D centre: the laboratory joins the university’s methods with the company’s production data, bringing quality standards closer to real manufacturing.',
    ),
  },
  'news-03': {
    title: 'Bumper angelica harvest at the Dingxi farm, with every batch traceable',
    summary: 'About 213 hectares of angelica were harvested this year; every batch carries a full record from seed to warehouse.',
    fields: { source: 'Bencao Herb Materials Division', author: 'Ma Jianjun' },
    body: p(
      'In October the harvest began at Bencao’s GAP farm for Angelica sinensis in Dingxi, Gansu. About 213 hectares were dug this year; the roots are plump and oily in section, and sampled volatile-oil content is consistently high.',
      'Since 2021 the farm has contracted local cooperatives with common seed supply, farming guidance, harvesting and primary processing. This year the company’s herb traceability platform covers every batch: seed source, fertilising and pest-control records, harvest date, primary processing and test reports can all be viewed by scanning a code.',
      'Authentic growing regions plus standardised cultivation are the first safeguard of consistent efficacy, said the head of the division. Next year the company plans new demonstration fields for astragalus and codonopsis in Longxi and Minxian.',
    ),
  },
  'news-04': {
    title: '2026 Quality Month opens: everyone is responsible for quality',
    summary: 'A month of deviation case reviews, skills contests, a quality quiz and a quality open day.',
    fields: { source: 'Bencao Quality Department', author: 'Chen Jing' },
    body: p(
      'Bencao Pharmaceutical opened its 2026 Quality Month at the production base on 18 September. The general manager stressed that drug quality is a matter of patient safety, and that every employee is first in line for quality at their own post.',
      'The month includes deviation case reviews, job-skills contests, a quality knowledge quiz and an open day for employees’ families. Each workshop will go through the past year’s deviations and changes, list the operating details to improve and follow up on each.',
      'The quality department will also run training on the revised GMP provisions and a full self-inspection of data integrity.',
    ),
  },
  'news-05': {
    title: 'Party members visit the herb-growing region',
    summary: 'Party members worked in the fields at the herb farm and met cooperative farmers to hear their views on contract farming.',
    fields: { source: 'Bencao Party Committee', author: 'Party and Public Affairs Department' },
    body: p(
      'On 26 August, the company’s Party committee took more than 30 members to the herb farm. They weeded and earthed up the crops and followed the herbs from planting to harvest.',
      'At a meeting, representatives of the cooperative farmers raised questions on seedling supply, purchase prices and technical training. The committee agreed three improvements on the spot and named people to follow them up.',
      'Linking Party work with the herb farms is both a way of staying close to the people and a practical step for herb quality, said the committee’s secretary.',
    ),
  },
  'news-06': {
    title: 'Induction training for the 2026 graduate intake completed',
    summary: '86 new employees completed two weeks of training in corporate culture, GMP basics, safety and Chinese medicine fundamentals.',
    fields: { source: 'Bencao Human Resources Department', author: 'Wang Lei' },
    body: p(
      'On 15 July, Bencao Pharmaceutical held the closing ceremony of induction training for its 2026 intake: 86 graduates in Chinese pharmacy, pharmacy and pharmaceutical engineering completed two weeks of training.',
      'The programme covered the company’s culture and history, GMP basics, workplace safety, herb identification and processing. The new employees also learned on site in the extraction workshop, the quality testing centre and the herb warehouse, and passed the “hundred herbs” identification test in the herbarium.',
      'Outstanding trainees shared their experience at the ceremony. Each new employee will have a mentor for a year of on-the-job coaching.',
    ),
  },
};
