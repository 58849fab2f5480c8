/**
 * Demo content of the fictional company 本草制药 (Bencao Pharmaceutical), written for this project.
 * Company, people, events, approval numbers and filing numbers are invented.
 */
import type { BidFields, JobFields, PageFields, ProductFields } from '@bencao/contracts';

export const COMPANY = '本草制药股份有限公司';

const p = (...paras: string[]) => paras.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('');
const h2 = (t: string) => `<h2>${t}</h2>`;
const h3 = (t: string) => `<h3>${t}</h3>`;
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/** image slots: the seeder draws one illustration per name (see art.ts) */
export type ArtName =
  | 'building' | 'buildingB' | 'lab' | 'labB' | 'herb' | 'herbB' | 'herbC' | 'slices' | 'slicesB' | 'capsules' | 'capsulesB'
  | 'mountains' | 'mountainsB' | 'pattern' | 'patternOchre' | 'patternRed' | 'people' | 'peopleB';
export const ART_ALT: Record<ArtName, string> = {
  building: '本草制药现代中药生产基地的厂房与绿化带插画',
  buildingB: '掩映在树木间的研发大楼插画',
  lab: '实验台上的烧瓶与检测仪器插画',
  labB: '中药质量检测实验室插画',
  herb: '药臼与带浆果的草本枝叶插画',
  herbB: '几枝舒展的药用植物插画',
  herbC: '田间生长的中药材植株插画',
  slices: '竹匾中晾晒的中药饮片插画',
  slicesB: '切片的根茎类药材与叶片插画',
  capsules: '散落的胶囊、药片与铝塑泡罩板插画',
  capsulesB: '整齐排列的中成药胶囊插画',
  mountains: '层叠青山与初升太阳的插画',
  mountainsB: '云雾缭绕的药材产区山景插画',
  pattern: '绿色祥云与同心圆纹样',
  patternOchre: '赭黄色祥云纹样',
  patternRed: '红色与金色的祥云纹样',
  people: '围坐会议桌交流的团队插画',
  peopleB: '培训课堂上的新员工插画',
};

export interface SeedColumn { code: string; label: string; path: string; parent: string | null; seq: number; visible?: boolean }
export const COLUMNS: SeedColumn[] = [
  { code: 'root', label: '网站栏目', path: '', parent: null, seq: 0 },
  { code: 'home', label: '首页', path: '/homePage', parent: 'root', seq: 10 },
  { code: 'about', label: '关于我们', path: '/aboutPage', parent: 'root', seq: 20 },
  { code: 'news', label: '新闻中心', path: '/newsPage', parent: 'root', seq: 30 },
  { code: 'product', label: '产品中心', path: '/productPage', parent: 'root', seq: 40 },
  { code: 'medicine', label: '中医药', path: '/chineseMedicinePage', parent: 'root', seq: 50 },
  { code: 'culture', label: '企业文化', path: '/corporateCulturePage', parent: 'root', seq: 60 },
  { code: 'manpower', label: '人力资源', path: '/manpowerPage', parent: 'root', seq: 70 },
  { code: 'bid', label: '招标采购', path: '/bidReport', parent: 'root', seq: 80 },
  { code: 'news.company', label: '公司新闻', path: '/newsPage', parent: 'news', seq: 10 },
  { code: 'news.industry', label: '行业资讯', path: '/newsPage', parent: 'news', seq: 20 },
  { code: 'manpower.jobs', label: '社会招聘', path: '/jobBoard', parent: 'manpower', seq: 10 },
  { code: 'bid.tender', label: '招标公告', path: '/bidReport', parent: 'bid', seq: 10 },
  { code: 'bid.change', label: '变更公告', path: '/bidReport', parent: 'bid', seq: 20 },
  { code: 'bid.result', label: '结果公告', path: '/bidReport', parent: 'bid', seq: 30 },
];

export const SETTINGS = {
  hotlines: ['400-826-1987', '0571-8689-2026'] as [string, string],
  serviceHours: '9:00-21:00',
  icp: '浙ICP备2026031987号-1',
  icpUrl: 'https://beian.miit.gov.cn/',
  publicSecurityFiling: '浙公网安备33011002019870号',
  drugInfoCert: '（浙）-非经营性-2026-0187',
  companyName: COMPANY,
  address: '浙江省杭州市余杭区本草大道 88 号',
  email: 'service@bencao.example.com',
  copyProtection: true,
};

interface Base { key: string; title: string; summary: string; body: string; art?: ArtName; date: string; column?: string; seoDescription?: string }
export interface SeedNews extends Base { source: string; author: string; category: string }

export const NEWS: SeedNews[] = [
  {
    key: 'news-01', date: '2026-11-12 10:00', column: 'news.company', art: 'building', category: '公司新闻', source: '本草制药党群工作部', author: '林晓',
    title: '现代中药智能制造基地二期工程竣工投产',
    summary: '二期工程新增提取、制剂两条全自动生产线，年产能提升约四成，生产过程数据实现全程在线采集。',
    body: p(
      '11 月 12 日，本草制药现代中药智能制造基地二期工程在余杭园区竣工投产。公司董事长与当地主管部门、合作院校代表共同为新生产线启动按钮。',
      '二期工程总建筑面积约 4.6 万平方米，新建中药提取车间、固体制剂车间与自动化立体仓库。提取车间采用多功能提取罐组与在线浓度监测系统，药液浓缩、醇沉等关键工序的温度、压力、时间参数全部自动记录，批次之间的工艺波动明显减小。',
      h2('从“经验”走向“数据”'),
      '“过去判断浸膏是否合格，很大程度依赖老师傅的经验；现在每一批都有完整的数据曲线可查。”生产部负责人介绍，新线投入后，质量部门可以实时调阅每个工序的参数，发现偏差时能够在当班内完成调查。',
      '二期工程投产后，公司固体制剂年产能预计提升约 40%，可更好满足颗粒剂、片剂、胶囊剂等主力品种的市场需求。',
    ),
  },
  {
    key: 'news-02', date: '2026-10-28 09:30', column: 'news.company', art: 'labB', category: '公司新闻', source: '本草制药研发中心', author: '周明远',
    title: '本草制药与省中医药大学共建中药质量联合实验室',
    summary: '双方将围绕中药材指纹图谱、含量测定方法和稳定性研究开展合作，首批立项课题五项。',
    body: p(
      '10 月 28 日，本草制药与省中医药大学药学院签署合作协议，共建“中药质量评价联合实验室”。实验室设在公司研发中心，配备液相色谱—质谱联用仪、近红外光谱仪等设备。',
      '根据协议，双方将围绕常用中药材的指纹图谱、多成分含量测定方法以及中成药长期稳定性开展联合研究，并共同培养研究生。首批立项课题五项，涉及黄芪、当归、丹参等品种。',
      '公司研发中心负责人表示，质量研究是中药现代化的基础工作，联合实验室将把高校的方法学优势与企业的生产数据结合起来，让质量标准更贴近实际生产。',
    ),
  },
  {
    key: 'news-03', date: '2026-10-09 15:00', column: 'news.company', art: 'herbC', category: '公司新闻', source: '本草制药药材事业部', author: '马建军',
    title: '定西当归种植基地迎来丰收，溯源体系覆盖全部批次',
    summary: '今年基地当归采挖面积约 3200 亩，每一批药材均附有从种子到入库的完整溯源记录。',
    body: p(
      '金秋十月，位于甘肃定西的本草制药当归规范化种植基地进入采挖季。今年基地采挖面积约 3200 亩，药材外观饱满、断面油润，抽检的挥发油含量稳定在较高水平。',
      '基地自 2021 年起与当地合作社签订订单种植协议，统一供种、统一农事指导、统一采收加工。今年起，公司“药材溯源平台”覆盖基地全部批次：种子来源、施肥与病虫害防治记录、采收日期、初加工方式和检验报告都可以扫码查看。',
      '药材事业部负责人说，道地产区加规范种植，是保证中成药疗效稳定的第一道关口。公司计划明年在陇西、岷县新增黄芪、党参种植示范田。',
    ),
  },
  {
    key: 'news-04', date: '2026-09-18 11:00', column: 'news.company', art: 'people', category: '公司新闻', source: '本草制药质量部', author: '陈静',
    title: '2026 年“质量月”活动启动：人人都是质量第一责任人',
    summary: '活动为期一个月，包括偏差案例复盘、岗位技能比武、质量知识竞赛和“质量开放日”。',
    body: p(
      '9 月 18 日，本草制药 2026 年“质量月”活动在生产基地启动。公司总经理在动员讲话中强调，药品质量关系患者用药安全，每一名员工都是所在岗位的质量第一责任人。',
      '本届质量月为期一个月，安排了偏差案例复盘会、岗位技能比武、质量知识竞赛和面向员工家属的“质量开放日”等活动。各车间将结合近一年的偏差与变更记录，梳理出需要改进的操作细节，形成改进清单并逐项跟踪。',
      '质量部还将组织新版 GMP 相关条款的专题培训，并对数据完整性管理进行一次全面自查。',
    ),
  },
  {
    key: 'news-05', date: '2026-08-26 14:00', column: 'news.company', art: 'patternRed', category: '公司新闻', source: '本草制药党委', author: '党群工作部',
    title: '公司党委开展“走进药材产区”主题党日活动',
    summary: '党员代表赴药材基地参加田间劳动，并与合作社种植户座谈，听取对订单种植的意见建议。',
    body: p(
      '8 月 26 日，公司党委组织 30 余名党员赴药材种植基地开展主题党日活动。党员们在田间参加除草、培土等劳动，实地了解药材从种植到采收的全过程。',
      '座谈会上，合作社种植户代表就种苗供应、收购价格和技术培训提出意见建议。公司党委当场明确了三项改进措施，并指定专人跟踪落实。',
      '公司党委书记表示，把党建工作和药材基地建设结合起来，既是联系群众的具体行动，也是保障药材质量的实际举措。',
    ),
  },
  {
    key: 'news-06', date: '2026-07-15 10:00', column: 'news.company', art: 'peopleB', category: '公司新闻', source: '本草制药人力资源部', author: '王蕾',
    title: '2026 届新员工入职培训圆满结束',
    summary: '86 名新员工完成为期两周的培训，内容涵盖企业文化、GMP 基础、安全生产和中药基础知识。',
    body: p(
      '7 月 15 日，本草制药 2026 届新员工入职培训结业仪式在公司培训中心举行。来自中药学、药学、制药工程等专业的 86 名新员工完成了为期两周的集中培训。',
      '培训内容包括企业文化与发展历程、GMP 基础知识、安全生产、中药材识别与炮制基础等。新员工还走进提取车间、质量检验中心和药材仓库进行现场学习，并在中药标本馆完成了“识百草”考核。',
      '结业仪式上，优秀学员代表分享了培训感受。人力资源部将为每位新员工安排一名导师，开展为期一年的岗位带教。',
    ),
  },
  {
    key: 'news-07', date: '2026-06-20 09:00', column: 'news.company', art: 'capsulesB', category: '公司新闻', source: '本草制药研发中心', author: '周明远',
    title: '公司三项中药制剂工艺发明专利获得授权',
    summary: '专利涉及中药提取液低温浓缩、颗粒剂干法制粒和胶囊内容物防潮工艺。',
    body: p(
      '近日，本草制药申报的三项发明专利获得国家知识产权局授权，分别涉及中药提取液低温浓缩工艺、颗粒剂干法制粒工艺和胶囊内容物防潮工艺。',
      '其中，低温浓缩工艺可在较低温度下完成浓缩，有助于保留药液中的热敏性成分；干法制粒工艺减少了制粒过程中的用水和干燥能耗。',
      '截至目前，公司累计拥有有效发明专利 40 余项。研发中心表示，将持续把专利成果转化到主力品种的工艺改进中。',
    ),
  },
  {
    key: 'news-08', date: '2026-05-30 16:00', column: 'news.company', art: 'herbB', category: '公司新闻', source: '本草制药党群工作部', author: '林晓',
    title: '“中医药进社区”义诊活动走进 12 个社区',
    summary: '公司联合社区卫生服务中心开展义诊与用药咨询，累计服务居民 2000 余人次。',
    body: p(
      '5 月以来，本草制药联合多家社区卫生服务中心开展“中医药进社区”系列活动，先后走进 12 个社区，为居民提供中医体质辨识、健康咨询和合理用药指导。',
      '活动现场，公司执业药师为老年居民逐一梳理家中常备药，提醒大家注意中成药与西药同服的间隔和禁忌，并发放了《家庭中成药使用小手册》。',
      '活动累计服务居民 2000 余人次。公司表示，将把社区健康服务作为一项长期公益工作坚持下去。',
    ),
  },
  {
    key: 'news-09', date: '2026-04-22 10:30', column: 'news.company', art: 'buildingB', category: '公司新闻', source: '本草制药安全环保部', author: '赵宇',
    title: '本草制药获评省级“绿色工厂”',
    summary: '公司通过能源管理、清洁生产和药渣资源化利用等措施，单位产值综合能耗较三年前下降 18%。',
    body: p(
      '4 月 22 日，省经济和信息化主管部门公布年度绿色制造名单，本草制药入选省级“绿色工厂”。',
      '近三年来，公司完成了蒸汽冷凝水回收、空压系统变频改造和屋顶光伏建设，并与有机肥企业合作，将提取后的中药药渣加工为有机肥料回用于药材基地。',
      '经第三方评估，公司单位产值综合能耗较三年前下降约 18%，药渣综合利用率达到 95% 以上。',
    ),
  },
  {
    key: 'news-10', date: '2026-03-16 09:00', column: 'news.industry', art: 'slicesB', category: '行业资讯', source: '本草制药市场部', author: '许然',
    title: '行业观察：中药饮片质量管理持续走向规范化',
    summary: '从产地加工到炮制、储存，中药饮片全链条质量管理正成为行业关注的重点。',
    body: p(
      '近年来，中药饮片的质量管理受到越来越多的关注。从产地趁鲜切制、规范炮制到仓储养护，各环节的标准化程度直接影响饮片的质量稳定性。',
      h2('产地加工是起点'),
      '许多药材在产地完成初加工，加工方法、干燥条件不同，饮片的外观和有效成分含量可能存在差异。建立产地加工操作规范并配套记录，是提高一致性的有效办法。',
      h2('数据化管理成为趋势'),
      '越来越多的企业开始应用批次追溯与在线检测技术，把“看、闻、尝”的传统经验与仪器数据结合起来。业内人士认为，传承经验与现代检测相互印证，是中药质量管理的发展方向。',
    ),
  },
  {
    key: 'news-11', date: '2026-02-10 14:00', column: 'news.industry', art: 'mountainsB', category: '行业资讯', source: '本草制药市场部', author: '许然',
    title: '道地药材保护与产区生态建设受到更多关注',
    summary: '道地药材产区的生态保护与可持续种植，正在成为中药产业高质量发展的重要议题。',
    body: p(
      '道地药材是中医药几千年临床实践中形成的优质药材概念，与特定产区的气候、土壤和传统加工技艺密切相关。',
      '随着中药产业规模扩大，部分药材出现连作障碍、野生资源减少等问题。推行生态种植、轮作休耕和野生抚育，成为保护道地药材的重要手段。',
      '本草制药近年在合作基地推行“药粮轮作”，并建立种质资源圃保存优良种源。公司认为，守护产区生态，就是守护中药的根。',
    ),
  },
  {
    key: 'news-12', date: '2026-01-08 10:00', column: 'news.company', art: 'pattern', category: '公司新闻', source: '本草制药总经理办公室', author: '总经理办公室',
    title: '本草制药召开 2026 年度工作会议',
    summary: '会议总结了上一年度的生产经营情况，部署了“质量提升、创新驱动、基地建设”三项重点工作。',
    body: p(
      '1 月 8 日，本草制药 2026 年度工作会议在总部召开。会议回顾了上一年度的生产经营、质量管理和研发工作，表彰了一批先进集体和个人。',
      '会议明确了新一年的三项重点工作：一是持续提升产品质量，推进主力品种质量标准研究；二是加大研发投入，推进经典名方与中药新药研究；三是加快药材基地建设，扩大规范化种植面积。',
      '公司董事长在讲话中表示，要坚持“精选道地药材，守护百姓健康”的初心，把每一粒药做好。',
    ),
  },
  {
    key: 'news-13', date: '2025-12-18 15:30', column: 'news.industry', art: 'lab', category: '行业资讯', source: '本草制药研发中心', author: '周明远',
    title: '经典名方研究：从古籍文献到现代制剂',
    summary: '经典名方的开发需要在文献考证、物质基准研究和制剂工艺之间建立清晰的对应关系。',
    body: p(
      '经典名方是历代医家反复验证的有效方剂。将其开发为现代制剂，首先要做好古籍文献考证，明确处方组成、药材基原、炮制方法和煎煮方法。',
      '在此基础上，研究人员按照古法制备“物质基准”，并以其作为后续工艺研究和质量控制的参照。制剂工艺要尽量保持与传统汤剂在关键质量属性上的一致。',
      '本草制药研发中心目前正在开展两首经典名方的研究工作，相关研究进展将适时发布。',
    ),
  },
];

export interface SeedMedicine extends SeedNews {}
export const MEDICINE: SeedMedicine[] = [
  {
    key: 'tcm-01', date: '2026-11-05 09:00', art: 'mountains', category: '中药知识', source: '本草中医药科普', author: '本草科普编辑部',
    title: '认识道地药材：为什么“地道”很重要',
    summary: '“道地”指特定产区出产、品质优良的药材。产地、品种和加工方法共同决定了药材的品质。',
    body: p(
      '日常所说的“地道”一词，就源于中药的“道地药材”。道地药材是指在特定自然条件和生态环境的区域内所产，栽培与加工技术讲究，品质和疗效优于其他产区的药材。',
      h2('常见的道地药材'),
      ul('“浙八味”：浙贝母、杭白芍、杭白菊、延胡索、玄参、笕麦冬、温郁金、白术', '“四大怀药”：怀山药、怀牛膝、怀地黄、怀菊花', '岷当归、宁夏枸杞、文山三七、川芎等'),
      h2('为什么产地会影响品质'),
      '同一种植物，在不同的气候、土壤和海拔条件下生长，体内积累的成分种类和含量可能差别明显。传统的采收时间和产地加工方法，也是形成药材品质的重要因素。',
      '选购中药材或饮片时，可以关注产地与生产企业信息，并通过正规渠道购买。',
    ),
  },
  {
    key: 'tcm-02', date: '2026-10-20 09:00', art: 'herb', category: '中药知识', source: '本草中医药科普', author: '本草科普编辑部',
    title: '四气五味：中药药性的基本语言',
    summary: '寒、热、温、凉四气与辛、甘、酸、苦、咸五味，是理解中药作用的入门钥匙。',
    body: p(
      '中医认为，每一味药都有自己的“性”和“味”。性，指寒、热、温、凉四种药性，又称“四气”；味，指辛、甘、酸、苦、咸五种基本药味。',
      h2('四气'),
      '能够减轻或消除热证的药物，一般属于寒性或凉性，如金银花、板蓝根；能够减轻或消除寒证的药物，一般属于温性或热性，如生姜、肉桂。',
      h2('五味'),
      ul('辛：能散、能行，如薄荷、紫苏', '甘：能补、能和、能缓，如甘草、大枣', '酸：能收、能涩，如五味子、乌梅', '苦：能泄、能燥，如黄连、黄芩', '咸：能软、能下，如牡蛎、芒硝'),
      '了解药物的性味，有助于理解“寒者热之，热者寒之”的用药原则。具体用药仍需在医生或药师指导下进行。',
    ),
  },
  {
    key: 'tcm-03', date: '2026-03-05 09:00', art: 'herbB', category: '养生保健', source: '本草中医药科普', author: '本草科普编辑部',
    title: '春季养肝：顺应时节的调养之道',
    summary: '春季万物生发，中医认为此时宜养肝。作息、情绪与饮食三方面都可以做些调整。',
    body: p(
      '《黄帝内经》说“春三月，此谓发陈”。春季阳气升发，中医认为与肝的疏泄功能相应，因此春季养生重在养肝。',
      h3('作息'),
      '宜早睡早起，多到户外散步，舒展身体，使气血流通。',
      h3('情绪'),
      '肝喜条达而恶抑郁，保持心情舒畅，避免大怒和长期情绪低落。',
      h3('饮食'),
      '可适当多吃新鲜绿叶蔬菜，少食过于油腻、辛辣的食物。体质偏热的人不宜过多进补。',
      '若出现持续的口苦、胁肋胀痛等不适，应及时就医，不要自行用药。',
    ),
  },
  {
    key: 'tcm-04', date: '2026-06-15 09:00', art: 'slices', category: '养生保健', source: '本草中医药科普', author: '本草科普编辑部',
    title: '夏季防暑祛湿，这些习惯要养成',
    summary: '夏季暑热夹湿，容易出现乏力、食欲不振。合理饮食与起居，可以帮助身体平稳度夏。',
    body: p(
      '夏季气温高、湿度大，中医称之为“暑多夹湿”。很多人会感觉身体沉重、食欲下降、精神不振。',
      ul('饮食清淡，可适量食用绿豆、冬瓜、薏苡仁等', '不贪凉饮冷，空调温度不宜过低', '适当运动出汗，但避开正午高温时段', '保证睡眠，午间可小憩片刻'),
      '出现头晕、恶心、大量出汗等中暑先兆时，应立即到阴凉通风处休息、补充含盐饮品，症状严重者需及时就医。',
    ),
  },
  {
    key: 'tcm-05', date: '2026-09-10 09:00', art: 'herbC', category: '养生保健', source: '本草中医药科普', author: '本草科普编辑部',
    title: '秋燥润肺：梨、百合与银耳',
    summary: '秋季气候干燥，易见口干、咽燥、干咳。几样常见食材，可以帮助润燥。',
    body: p(
      '秋季燥气当令，中医认为“燥易伤肺”，常见口鼻干燥、咽喉不适、皮肤干痒、干咳少痰等表现。',
      h2('常用的润燥食材'),
      ul('梨：生津润燥，可蒸食或煮水', '百合：养阴润肺，适合煮粥', '银耳：滋阴润肺，可与莲子、红枣同煮'),
      '需要注意的是，脾胃虚寒、容易腹泻的人不宜多吃生冷的梨；咳嗽持续两周以上或伴有发热、胸痛时，应及时就诊。',
    ),
  },
  {
    key: 'tcm-06', date: '2025-12-02 09:00', art: 'patternOchre', category: '养生保健', source: '本草中医药科普', author: '本草科普编辑部',
    title: '冬季进补前，先弄清这几件事',
    summary: '冬令进补讲究“因人而异”。进补之前先辨体质，才能补得恰当。',
    body: p(
      '民间有“冬令进补，来年打虎”的说法。冬季人体阳气潜藏，适当进补有助于调养身体，但进补并非人人适宜、越多越好。',
      h2('先辨体质'),
      '气虚的人容易疲乏、气短；阳虚的人怕冷、手脚不温；阴虚的人常口干、手足心热。不同体质，进补的方向完全不同。',
      h2('注意事项'),
      ul('感冒发热期间暂停进补', '脾胃虚弱者先调理脾胃，再循序进补', '慢性病患者进补前请咨询医生', '膏方等滋补品应在医师辨证后使用'),
    ),
  },
  {
    key: 'tcm-07', date: '2026-07-08 09:00', art: 'slicesB', category: '用药指导', source: '本草中医药科普', author: '本草药学部',
    title: '中药汤剂煎煮方法指南',
    summary: '器具、浸泡、火候和特殊药物的处理，都会影响汤剂的效果。',
    body: p(
      '汤剂是中药最常用的剂型之一。正确煎煮，才能让药材中的有效成分充分煎出。',
      h2('基本步骤'),
      '<ol><li>器具：宜用砂锅、陶瓷锅或不锈钢锅，不宜用铁锅、铝锅。</li><li>浸泡：煎煮前用冷水浸泡 30～60 分钟，水量以高出药面 2～3 厘米为宜。</li><li>火候：先用大火煮沸，再改小火保持微沸。一般药物煎 20～30 分钟，滋补药可适当延长。</li><li>次数：一剂药通常煎两次，两次药液混合后分次服用。</li></ol>',
      h2('特殊煎法'),
      '处方中注明“先煎”“后下”“包煎”“烊化”等要求的药物，应按医嘱单独处理。有疑问时，请向开方医生或药师咨询。',
    ),
  },
  {
    key: 'tcm-08', date: '2026-08-12 09:00', art: 'capsules', category: '用药指导', source: '本草中医药科普', author: '本草药学部',
    title: '服用中成药的五个常见误区',
    summary: '中成药使用方便，但同样需要对症、按量、注意禁忌。',
    body: p(
      '中成药是以中药材为原料，按规定的处方和工艺制成的成药。很多人认为中成药“温和无害”，其实使用不当同样会带来风险。',
      '<ol><li><strong>只看病名不辨证：</strong>同样是感冒，风寒与风热用药不同。</li><li><strong>随意加量：</strong>加量并不会好得更快，反而可能增加不良反应。</li><li><strong>多种同类药叠加：</strong>不同品牌的中成药可能含有相同成分，叠加服用容易过量。</li><li><strong>忽视说明书：</strong>禁忌、注意事项和特殊人群用药要仔细阅读。</li><li><strong>长期服用不复诊：</strong>慢性病长期用药应定期复诊评估。</li></ol>',
      '购买处方药须凭医生处方；非处方药也请按说明书或在药师指导下使用。',
    ),
  },
  {
    key: 'tcm-09', date: '2026-05-18 09:00', art: 'herbC', category: '中药知识', source: '本草中医药科普', author: '本草科普编辑部',
    title: '黄芪：补气要药的前世今生',
    summary: '黄芪为豆科植物的干燥根，历代本草将其列为补气要药，也是药食两用的常见品种。',
    body: p(
      '黄芪最早载于《神农本草经》，列为上品。其药用部位为豆科植物蒙古黄芪或膜荚黄芪的干燥根，主产于甘肃、内蒙古、山西等地。',
      h2('性味与功效'),
      '黄芪味甘，性微温，归脾、肺经，传统用于补气升阳、固表止汗、利水消肿等。玉屏风散、补中益气汤等经典方剂中都有黄芪。',
      h2('日常使用'),
      '黄芪常用于煲汤、泡水，但并非人人适合。感冒发热、体内有实热或阴虚火旺的人不宜使用。长期服用前，建议咨询中医师。',
    ),
  },
  {
    key: 'tcm-10', date: '2026-04-02 09:00', art: 'slices', category: '中药知识', source: '本草中医药科普', author: '本草科普编辑部',
    title: '陈皮为什么“越陈越好”',
    summary: '陈皮是芸香科植物橘及其栽培变种的成熟果皮。适当陈化后，气味更醇和。',
    body: p(
      '陈皮是常用的理气药，也是日常生活中常见的调味品。李时珍在《本草纲目》中记载橘皮“以陈久者良”。',
      h2('陈化带来了什么'),
      '新鲜果皮辛辣燥烈，经过数年存放，挥发油的组成发生变化，气味由刺激转为醇香，药性也更为平和。这就是陈皮“陈久者良”的道理。',
      h2('如何保存'),
      ul('存放于阴凉、干燥、通风处', '避免受潮发霉，每年可在晴好天气翻晒', '不同年份的陈皮分开存放'),
      '需要提醒的是，陈化年份并非越长越好，保存不当的陈皮反而会变质。购买时请选择来源可靠的产品。',
    ),
  },
];

export interface SeedProduct { key: string; seq: number; title: string; summary: string; accent: string; fields: Omit<ProductFields, 'images'>; body: string }

const mfr = COMPANY;
const std = '《中华人民共和国药典》2025 年版一部';
export const PRODUCTS: SeedProduct[] = [
  {
    key: 'prod-01', seq: 10, accent: '#4a7c59', title: '板蓝根颗粒', summary: '清热解毒，凉血利咽。用于肺胃热盛所致的咽喉肿痛、口咽干燥。',
    fields: {
      name: '板蓝根颗粒', pinyin: 'Banlangen Keli', ingredients: '板蓝根。辅料为蔗糖、糊精。', appearance: '本品为浅棕黄色至棕褐色的颗粒；味甜、微苦。',
      indications: '清热解毒，凉血利咽。用于肺胃热盛所致的咽喉肿痛、口咽干燥、腮部肿胀；急性扁桃体炎、腮腺炎见上述证候者。',
      specification: '每袋装 10g（相当于饮片 14g）', usage: '开水冲服。一次 5～10g，一日 3～4 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 忌烟、酒及辛辣、生冷、油腻食物。\n2. 不宜在服药期间同时服用滋补性中药。\n3. 糖尿病患者及有高血压、心脏病、肝病、肾病等慢性病严重者应在医师指导下服用。\n4. 儿童、孕妇、哺乳期妇女、年老体弱者应在医师指导下服用。\n5. 服药 3 天症状无缓解，应去医院就诊。',
      storage: '密封。', packaging: '复合膜袋装，每袋 10g，每盒 20 袋。', validity: '36 个月', standard: std, approvalNumber: '国药准字Z20260101', manufacturer: mfr, rxOtc: 'OTC', category: '呼吸系统',
    },
    body: p('板蓝根颗粒选用规范化种植基地的板蓝根为原料，经水提、浓缩、制粒而成，冲服方便，适合家庭常备。'),
  },
  {
    key: 'prod-02', seq: 20, accent: '#2f5d46', title: '川贝枇杷糖浆', summary: '清热宣肺，化痰止咳。用于风热犯肺、痰热内阻所致的咳嗽痰黄或咯痰不爽。',
    fields: {
      name: '川贝枇杷糖浆', pinyin: 'Chuanbei Pipa Tangjiang', ingredients: '川贝母流浸膏、桔梗、枇杷叶、薄荷脑。辅料为蔗糖、苯甲酸钠。', appearance: '本品为棕红色的黏稠液体；气香，味甜、微苦、凉。',
      indications: '清热宣肺，化痰止咳。用于风热犯肺、痰热内阻所致的咳嗽痰黄或咯痰不爽、咽喉肿痛、胸闷胀痛；感冒、支气管炎见上述证候者。',
      specification: '每瓶装 150ml', usage: '口服。一次 10ml，一日 3 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 忌烟、酒及辛辣、生冷、油腻食物。\n2. 糖尿病患者慎用。\n3. 支气管扩张、肺脓疡、肺心病、肺结核患者应在医师指导下服用。\n4. 服药 3 天症状无缓解，应去医院就诊。\n5. 本品性状发生改变时禁止使用。',
      storage: '密封，置阴凉处。', packaging: '药用聚酯瓶装，每瓶 150ml，附量杯。', validity: '24 个月', standard: std, approvalNumber: '国药准字Z20260102', manufacturer: mfr, rxOtc: 'OTC', category: '呼吸系统',
    },
    body: p('川贝枇杷糖浆口感清凉微甜，适合痰热咳嗽人群。请按说明书用量服用，并在开瓶后尽快用完。'),
  },
  {
    key: 'prod-03', seq: 30, accent: '#8fb996', title: '银翘解毒片', summary: '疏风解表，清热解毒。用于风热感冒，症见发热头痛、咳嗽口干、咽喉疼痛。',
    fields: {
      name: '银翘解毒片', pinyin: 'Yinqiao Jiedu Pian', ingredients: '金银花、连翘、薄荷、荆芥、淡豆豉、牛蒡子（炒）、桔梗、淡竹叶、甘草。', appearance: '本品为浅棕色至棕褐色的片或薄膜衣片，除去包衣后显浅棕色至棕褐色；气芳香，味苦、辛。',
      indications: '疏风解表，清热解毒。用于风热感冒，症见发热头痛、咳嗽口干、咽喉疼痛。',
      specification: '每片重 0.5g（薄膜衣片）', usage: '口服。一次 4 片，一日 2～3 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 忌烟、酒及辛辣、生冷、油腻食物。\n2. 不宜在服药期间同时服用滋补性中药。\n3. 风寒感冒者不适用，其表现为恶寒重、发热轻、无汗、鼻塞流清涕。\n4. 服药 3 天症状无缓解，应去医院就诊。',
      storage: '密封。', packaging: '铝塑泡罩包装，每板 12 片，每盒 2 板。', validity: '36 个月', standard: std, approvalNumber: '国药准字Z20260103', manufacturer: mfr, rxOtc: 'OTC', category: '呼吸系统',
    },
    body: p('银翘解毒片源自清代温病名方“银翘散”，适用于风热感冒初起。'),
  },
  {
    key: 'prod-04', seq: 40, accent: '#c8963e', title: '香砂养胃丸', summary: '温中和胃。用于胃阳不足、湿阻气滞所致的胃痛、痞满。',
    fields: {
      name: '香砂养胃丸', pinyin: 'Xiangsha Yangwei Wan', ingredients: '木香、砂仁、白术、陈皮、茯苓、半夏（制）、醋香附、枳实（炒）、豆蔻（去壳）、姜厚朴、广藿香、甘草。辅料为生姜、大枣。', appearance: '本品为黑色的水丸；气微，味辛、微苦。',
      indications: '温中和胃。用于胃阳不足、湿阻气滞所致的胃痛、痞满，症见胃痛隐隐、脘闷不舒、呕吐酸水、嘈杂不适、不思饮食、四肢倦怠。',
      specification: '每 8 丸相当于饮片 3g', usage: '口服。一次 9g，一日 2 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 饮食宜清淡，忌酒及辛辣、生冷、油腻食物。\n2. 忌愤怒、忧郁，保持心情舒畅。\n3. 胃痛症见烧心、口苦、便秘者不适用。\n4. 服药 3 天症状无缓解，应去医院就诊。',
      storage: '密封，防潮。', packaging: '药用塑料瓶装，每瓶 360 丸。', validity: '48 个月', standard: std, approvalNumber: '国药准字Z20260104', manufacturer: mfr, rxOtc: 'OTC', category: '脾胃消化',
    },
    body: p('香砂养胃丸为水丸剂型，便于携带和服用，适合饮食生冷后胃部隐痛、胀满不适的人群。'),
  },
  {
    key: 'prod-05', seq: 50, accent: '#a5573a', title: '保和丸', summary: '消食，导滞，和胃。用于食积停滞，脘腹胀满，嗳腐吞酸，不欲饮食。',
    fields: {
      name: '保和丸', pinyin: 'Baohe Wan', ingredients: '焦山楂、六神曲（炒）、半夏（制）、茯苓、陈皮、连翘、炒莱菔子、炒麦芽。', appearance: '本品为灰棕色至褐色的水丸；气微香，味微酸、涩。',
      indications: '消食，导滞，和胃。用于食积停滞，脘腹胀满，嗳腐吞酸，不欲饮食。',
      specification: '每袋装 6g', usage: '口服。一次 6～9g，一日 2 次；小儿酌减。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 饮食宜清淡，忌酒及辛辣、生冷、油腻食物。\n2. 不宜在服药期间同时服用滋补性中药。\n3. 身体虚弱或老年人不宜长期服用。\n4. 服药 3 天症状无缓解，应去医院就诊。',
      storage: '密封，防潮。', packaging: '复合膜袋装，每袋 6g，每盒 10 袋。', validity: '36 个月', standard: std, approvalNumber: '国药准字Z20260105', manufacturer: mfr, rxOtc: 'OTC', category: '脾胃消化',
    },
    body: p('保和丸出自元代《丹溪心法》，是消食导滞的常用方。节假日饮食过量、积食不化时可备用。'),
  },
  {
    key: 'prod-06', seq: 60, accent: '#e7c98a', title: '参苓白术散', summary: '补脾胃，益肺气。用于脾胃虚弱，食少便溏，气短咳嗽，肢倦乏力。',
    fields: {
      name: '参苓白术散', pinyin: 'Shenling Baizhu San', ingredients: '人参、茯苓、白术（炒）、山药、白扁豆（炒）、莲子、薏苡仁（炒）、砂仁、桔梗、甘草。', appearance: '本品为黄色至灰黄色的粉末；气香，味甜。',
      indications: '补脾胃，益肺气。用于脾胃虚弱，食少便溏，气短咳嗽，肢倦乏力。',
      specification: '每袋装 6g', usage: '口服。一次 6～9g，一日 2～3 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 忌不易消化食物。\n2. 感冒发热病人不宜服用。\n3. 高血压、心脏病、肝病、糖尿病、肾病等慢性病严重者应在医师指导下服用。\n4. 服药 4 周症状无缓解，应去医院就诊。',
      storage: '密封，防潮。', packaging: '复合膜袋装，每袋 6g，每盒 12 袋。', validity: '24 个月', standard: std, approvalNumber: '国药准字Z20260106', manufacturer: mfr, rxOtc: 'OTC', category: '脾胃消化',
    },
    body: p('参苓白术散出自宋代《太平惠民和剂局方》，药性平和，适合脾胃虚弱、消化吸收较差的人群调理。'),
  },
  {
    key: 'prod-07', seq: 70, accent: '#23463a', title: '六味地黄丸', summary: '滋阴补肾。用于肾阴亏损，头晕耳鸣，腰膝酸软，骨蒸潮热，盗汗遗精，消渴。',
    fields: {
      name: '六味地黄丸', pinyin: 'Liuwei Dihuang Wan', ingredients: '熟地黄、酒萸肉、牡丹皮、山药、茯苓、泽泻。', appearance: '本品为棕黑色的浓缩丸；味微甜、酸。',
      indications: '滋阴补肾。用于肾阴亏损，头晕耳鸣，腰膝酸软，骨蒸潮热，盗汗遗精，消渴。',
      specification: '每 8 丸重 1.44g（每 8 丸相当于饮片 3g）', usage: '口服。一次 8 丸，一日 3 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 忌不易消化食物。\n2. 感冒发热病人不宜服用。\n3. 有高血压、心脏病、肝病、糖尿病、肾病等慢性病严重者应在医师指导下服用。\n4. 儿童、孕妇、哺乳期妇女应在医师指导下服用。\n5. 服药 4 周症状无缓解，应去医院就诊。',
      storage: '密封。', packaging: '药用塑料瓶装，每瓶 200 丸。', validity: '48 个月', standard: std, approvalNumber: '国药准字Z20260107', manufacturer: mfr, rxOtc: 'OTC', category: '补益调理',
    },
    body: p('六味地黄丸源自宋代钱乙《小儿药证直诀》，采用浓缩丸工艺，服用量小、便于携带。'),
  },
  {
    key: 'prod-08', seq: 80, accent: '#c8963e', title: '归脾丸', summary: '益气健脾，养血安神。用于心脾两虚，气短心悸，失眠多梦，头昏头晕，肢倦乏力，食欲不振。',
    fields: {
      name: '归脾丸', pinyin: 'Guipi Wan', ingredients: '党参、炒白术、炙黄芪、炙甘草、茯苓、制远志、炒酸枣仁、龙眼肉、当归、木香、大枣（去核）。辅料为蜂蜜。', appearance: '本品为棕褐色的大蜜丸；气微，味甘而后微苦、辛。',
      indications: '益气健脾，养血安神。用于心脾两虚，气短心悸，失眠多梦，头昏头晕，肢倦乏力，食欲不振。',
      specification: '每丸重 9g', usage: '用温开水或生姜汤送服。一次 1 丸，一日 3 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 忌油腻食物。\n2. 外感或实热内盛者不宜服用。\n3. 本品宜饭前服用。\n4. 服药 2 周症状无明显改善，或症状加重者，应立即停药并到医院就诊。',
      storage: '密封。', packaging: '蜡壳包装，每盒 10 丸。', validity: '36 个月', standard: std, approvalNumber: '国药准字Z20260108', manufacturer: mfr, rxOtc: 'OTC', category: '补益调理',
    },
    body: p('归脾丸为经典补益方剂，适合思虑过度、劳倦伤脾导致的心悸失眠、神疲乏力。'),
  },
  {
    key: 'prod-09', seq: 90, accent: '#4a7c59', title: '玉屏风颗粒', summary: '益气，固表，止汗。用于表虚不固，自汗恶风，面色㿠白，或体虚易感风邪者。',
    fields: {
      name: '玉屏风颗粒', pinyin: 'Yupingfeng Keli', ingredients: '黄芪、白术（炒）、防风。辅料为糊精、蔗糖。', appearance: '本品为浅黄色至棕黄色的颗粒；味涩而后甘。',
      indications: '益气，固表，止汗。用于表虚不固，自汗恶风，面色㿠白，或体虚易感风邪者。',
      specification: '每袋装 5g', usage: '开水冲服。一次 5g，一日 3 次。', adverseReactions: '尚不明确。', contraindications: '尚不明确。',
      precautions: '1. 忌油腻食物。\n2. 本品宜饭前服用。\n3. 热病汗出者不宜服用。\n4. 服药 2 周或服药期间症状无明显改善，或症状加重者，应立即停药并去医院就诊。',
      storage: '密封。', packaging: '复合膜袋装，每袋 5g，每盒 15 袋。', validity: '24 个月', standard: std, approvalNumber: '国药准字Z20260109', manufacturer: mfr, rxOtc: 'OTC', category: '补益调理',
    },
    body: p('玉屏风颗粒以甘肃基地黄芪为主要原料，方名取“如屏风护卫”之意，适合体虚易感冒人群。'),
  },
  {
    key: 'prod-10', seq: 100, accent: '#a5573a', title: '复方丹参片', summary: '活血化瘀，理气止痛。用于气滞血瘀所致的胸痹，症见胸闷、心前区刺痛。',
    fields: {
      name: '复方丹参片', pinyin: 'Fufang Danshen Pian', ingredients: '丹参、三七、冰片。', appearance: '本品为薄膜衣片，除去包衣后显棕色至棕褐色；气芳香，味微苦。',
      indications: '活血化瘀，理气止痛。用于气滞血瘀所致的胸痹，症见胸闷、心前区刺痛；冠心病心绞痛见上述证候者。',
      specification: '薄膜衣片，每片重 0.32g（相当于饮片 0.6g）', usage: '口服。一次 3 片，一日 3 次。', adverseReactions: '偶见胃肠道不适。', contraindications: '孕妇禁用。',
      precautions: '1. 本品应在医师指导下使用。\n2. 脾胃虚寒者慎用。\n3. 服药期间忌食生冷、辛辣、油腻食物。\n4. 心绞痛持续发作时，应及时就医。',
      storage: '密封。', packaging: '铝塑泡罩包装，每板 12 片，每盒 5 板。', validity: '36 个月', standard: std, approvalNumber: '国药准字Z20260110', manufacturer: mfr, rxOtc: 'Rx', category: '心脑血管',
    },
    body: p('复方丹参片由丹参、三七、冰片组成，采用现代提取工艺制成薄膜衣片。本品为处方药，请凭医师处方购买和使用。'),
  },
  {
    key: 'prod-11', seq: 110, accent: '#8fb996', title: '银杏叶胶囊', summary: '活血化瘀通络。用于瘀血阻络引起的胸痹心痛、中风、半身不遂、舌强语謇。',
    fields: {
      name: '银杏叶胶囊', pinyin: 'Yinxingye Jiaonang', ingredients: '银杏叶提取物。辅料为淀粉、硬脂酸镁。', appearance: '本品为硬胶囊，内容物为浅棕黄色至棕褐色的粉末；味微苦。',
      indications: '活血化瘀通络。用于瘀血阻络引起的胸痹心痛、中风、半身不遂、舌强语謇；冠心病稳定型心绞痛、脑梗死见上述证候者。',
      specification: '每粒含总黄酮醇苷 9.6mg、萜类内酯 2.4mg', usage: '口服。一次 2 粒，一日 3 次；或遵医嘱。', adverseReactions: '罕见胃肠道不适、头痛、血压降低、过敏反应等现象。', contraindications: '对本品过敏者禁用。',
      precautions: '1. 心力衰竭者、孕妇慎用。\n2. 正在服用抗凝药物的患者应在医师指导下使用。\n3. 本品应在医师指导下使用。',
      storage: '密封，置阴凉干燥处。', packaging: '铝塑泡罩包装，每板 12 粒，每盒 2 板。', validity: '24 个月', standard: '国家药品标准 WS-10001-（HD-2026）', approvalNumber: '国药准字Z20260111', manufacturer: mfr, rxOtc: 'Rx', category: '心脑血管',
    },
    body: p('银杏叶胶囊以标准化银杏叶提取物为原料，每批均测定总黄酮醇苷和萜类内酯含量。本品为处方药，请遵医嘱使用。'),
  },
  {
    key: 'prod-12', seq: 120, accent: '#23463a', title: '血府逐瘀胶囊', summary: '活血祛瘀，行气止痛。用于气滞血瘀所致的胸痹、头痛日久、痛如针刺而有定处。',
    fields: {
      name: '血府逐瘀胶囊', pinyin: 'Xuefu Zhuyu Jiaonang', ingredients: '炒桃仁、红花、地黄、川芎、赤芍、当归、牛膝、柴胡、桔梗、麸炒枳壳、甘草。', appearance: '本品为硬胶囊，内容物为棕褐色至黑褐色的粉末；气香，味微苦。',
      indications: '活血祛瘀，行气止痛。用于气滞血瘀所致的胸痹、头痛日久、痛如针刺而有定处、内热烦闷、心悸失眠、急躁易怒。',
      specification: '每粒装 0.4g', usage: '口服。一次 6 粒，一日 2 次；1 个月为一疗程。', adverseReactions: '尚不明确。', contraindications: '孕妇禁用。',
      precautions: '1. 忌食辛冷食物。\n2. 气虚血瘀者慎用。\n3. 本品应在医师指导下使用。',
      storage: '密封。', packaging: '药用塑料瓶装，每瓶 60 粒。', validity: '24 个月', standard: std, approvalNumber: '国药准字Z20260112', manufacturer: mfr, rxOtc: 'Rx', category: '心脑血管',
    },
    body: p('血府逐瘀胶囊源自清代王清任《医林改错》中的“血府逐瘀汤”，以现代工艺制成胶囊剂。本品为处方药，请凭医师处方使用。'),
  },
];

export interface SeedJob { key: string; date: string; title: string; summary: string; fields: JobFields }
const hr = '人力资源部 招聘组　电话 0571-8689-2060　邮箱 hr@bencao.example.com';
export const JOBS: SeedJob[] = [
  {
    key: 'job-01', date: '2026-11-10 09:00', title: '中药制剂工艺研究员', summary: '负责中药新药与经典名方的制剂工艺研究及中试放大。',
    fields: { department: '研发中心', location: '浙江杭州', headcount: 2, education: '硕士及以上', experience: '3 年以上', startDate: '2026-11-10', endDate: '2027-01-31', contact: hr, salaryMin: 15000, salaryMax: 22000,
      duties: '1. 负责中药提取、浓缩、干燥及制剂成型工艺研究；\n2. 制定中试放大方案并组织实施，解决放大过程中的工艺问题；\n3. 撰写工艺研究资料，配合完成注册申报；\n4. 参与技术转移，支持生产车间工艺验证。',
      requirements: '1. 中药学、中药制药、药剂学等相关专业；\n2. 熟悉中药制剂常用工艺与设备，具备中试放大经验者优先；\n3. 熟悉药品注册相关法规和技术指导原则；\n4. 责任心强，具备良好的数据分析与文字表达能力。' },
  },
  {
    key: 'job-02', date: '2026-11-03 09:00', title: 'QC 化验员（液相方向）', summary: '负责原辅料、中间产品及成品的理化检验和仪器维护。',
    fields: { department: '质量部', location: '浙江杭州', headcount: 3, education: '本科及以上', experience: '1 年以上', startDate: '2026-11-03', endDate: '2026-12-31', contact: hr, salaryMin: 7000, salaryMax: 10000,
      duties: '1. 按照质量标准完成原辅料、中间产品和成品的理化检验；\n2. 负责高效液相色谱仪、气相色谱仪等仪器的日常使用与维护；\n3. 及时、准确、完整地填写检验记录，确保数据完整性；\n4. 参与检验方法验证与转移。',
      requirements: '1. 药学、分析化学、中药学等相关专业；\n2. 熟练操作液相色谱仪，了解色谱数据系统审计追踪要求；\n3. 熟悉 GMP 对质量控制实验室的要求；\n4. 工作细致，能适应倒班。' },
  },
  {
    key: 'job-03', date: '2026-10-25 09:00', title: '医学学术专员', summary: '负责华东区域的学术推广活动策划与医学信息沟通。',
    fields: { department: '营销中心', location: '上海、南京', headcount: 4, education: '本科及以上', experience: '2 年以上', startDate: '2026-10-25', endDate: '2026-12-25', contact: hr, salaryMin: 12000, salaryMax: 20000,
      duties: '1. 向医疗专业人士传递公司产品的循证医学信息；\n2. 策划并组织区域学术会议与病例研讨活动；\n3. 收集临床使用反馈，协助药物警戒工作；\n4. 维护与医疗机构的良好合作关系。',
      requirements: '1. 医学、药学、中医学相关专业；\n2. 具备良好的沟通表达能力和学术资料解读能力；\n3. 有心脑血管或消化领域推广经验者优先；\n4. 能适应出差。' },
  },
  {
    key: 'job-04', date: '2026-10-15 09:00', title: 'GMP 设备工程师', summary: '负责生产设备的维护保养、验证及技术改造。',
    fields: { department: '生产部', location: '浙江杭州', headcount: 2, education: '大专及以上', experience: '3 年以上', startDate: '2026-10-15', endDate: '2026-12-15', contact: hr, salaryMin: 10000, salaryMax: 15000,
      duties: '1. 负责提取、制剂车间设备的预防性维护与故障处理；\n2. 编写设备操作与维护规程，组织设备确认与验证；\n3. 参与新设备选型、安装调试及技术改造项目；\n4. 管理备品备件，控制维修成本。',
      requirements: '1. 机械、电气自动化等相关专业；\n2. 熟悉制药设备及 GMP 对设备管理的要求；\n3. 能读懂电气图纸，具备 PLC 基础者优先；\n4. 持有电工证者优先。' },
  },
  {
    key: 'job-05', date: '2026-09-28 09:00', title: '药材种植技术员', summary: '驻甘肃定西基地，负责规范化种植技术指导与溯源记录。',
    fields: { department: '药材事业部', location: '甘肃定西', headcount: 3, education: '大专及以上', experience: '不限', startDate: '2026-09-28', endDate: '2026-12-31', contact: hr, salaryMin: 6000, salaryMax: 9000,
      duties: '1. 指导合作社按种植规范开展育苗、移栽、田间管理和采收；\n2. 记录农事操作，维护药材溯源平台数据；\n3. 开展病虫害监测并提出绿色防控方案；\n4. 组织种植户技术培训。',
      requirements: '1. 中药资源、农学、植物保护等相关专业；\n2. 能长期驻扎基地，吃苦耐劳；\n3. 熟悉当归、黄芪、党参种植者优先；\n4. 应届毕业生亦可。' },
  },
  {
    key: 'job-06', date: '2026-09-15 09:00', title: '药品注册专员', summary: '负责公司中成药的再注册、补充申请与备案：整理并申报注册资料，跟踪审评进度并组织发补，跟踪药品注册法规动态、开展内部培训，维护完整的注册档案。',
    fields: { department: '注册部', location: '浙江杭州', headcount: 1, education: '本科及以上', experience: '2 年以上', startDate: '2026-09-15', endDate: '2026-11-30', contact: hr, salaryMin: 9000, salaryMax: 14000,
      duties: '1. 负责药品再注册、补充申请、备案等资料的整理与申报；\n2. 跟踪审评进度，组织发补资料的准备；\n3. 跟踪药品注册法规动态，进行内部培训；\n4. 维护注册档案。',
      requirements: '1. 药学、中药学等相关专业；\n2. 熟悉药品注册管理办法及中药注册相关要求；\n3. 有中成药注册工作经验者优先；\n4. 细致严谨，具备较强的文字功底。' },
  },
];

export interface SeedBid { key: string; date: string; column: string; title: string; summary: string; fields: Omit<BidFields, 'attachments'> & { attachments: BidFields['attachments'] }; body: string }
const purchaser = COMPANY;
const bidContact = '采购部 刘先生　电话 0571-8689-2088　邮箱 purchase@bencao.example.com';
const place = '浙江省杭州市余杭区本草大道 88 号 本草制药综合楼 3 楼开标室';
export const BIDS: SeedBid[] = [
  {
    key: 'bid-01', date: '2026-11-16 10:00', column: 'bid.tender', title: '中药提取车间多功能提取罐采购项目招标公告', summary: '采购 6 立方米多功能提取罐 4 台及配套冷凝、过滤系统，欢迎符合条件的供应商参加投标。',
    fields: { bidType: 'tender', purchaser, project: '中药提取车间多功能提取罐采购项目（BC-ZB-2026-031）', budget: '人民币 380 万元', winner: '',
      qualifications: '1. 具有独立法人资格，持有有效的营业执照；\n2. 具有压力容器制造许可证（A2 级及以上）；\n3. 近三年内具有不少于 3 个制药企业同类设备供货业绩；\n4. 本项目不接受联合体投标。',
      documentStart: '2026-11-16 09:00', documentEnd: '2026-11-23 17:00', bidDeadline: '2026-12-07 09:30', openingTime: '2026-12-07 09:30', openingPlace: place, contact: bidContact,
      attachments: [{ name: '招标文件（BC-ZB-2026-031）.pdf', url: 'https://bencao.example.com/files/BC-ZB-2026-031.pdf' }] },
    body: p('本草制药股份有限公司就中药提取车间多功能提取罐采购项目进行公开招标，现邀请合格投标人参加投标。', h2('采购内容'), ul('6 立方米多功能提取罐 4 台（含 CIP 清洗系统）', '配套冷凝器、冷却器、油水分离器', '安装、调试、验证支持及操作培训'), p('投标人须在文件获取期内携单位介绍信到采购部领取招标文件，或通过邮件索取电子版。')),
  },
  {
    key: 'bid-02', date: '2026-11-02 10:00', column: 'bid.tender', title: '2026—2027 年度道地中药材（当归、黄芪）采购招标公告', summary: '年度采购当归约 120 吨、黄芪约 200 吨，要求产地明确、可追溯。',
    fields: { bidType: 'tender', purchaser, project: '年度道地中药材采购项目（BC-ZB-2026-028）', budget: '以投标报价为准', winner: '',
      qualifications: '1. 具有中药材经营或种植资质的企业、合作社；\n2. 当归产地须为甘肃岷县、渭源、漳县等道地产区，黄芪产地须为甘肃、内蒙古、山西；\n3. 能提供种植、采收、初加工全过程溯源记录；\n4. 近一年内无药材质量不良记录。',
      documentStart: '2026-11-02 09:00', documentEnd: '2026-11-12 17:00', bidDeadline: '2026-11-26 14:00', openingTime: '2026-11-26 14:00', openingPlace: place, contact: bidContact,
      attachments: [{ name: '药材质量标准及验收要求.pdf', url: 'https://bencao.example.com/files/BC-ZB-2026-028-standard.pdf' }] },
    body: p('为保障年度生产用药材的质量与供应，本草制药就当归、黄芪两个品种进行公开招标。', p('中标单位须配合我公司开展产地审计，所供药材须逐批附检验报告，并符合《中国药典》及我公司内控标准。')),
  },
  {
    key: 'bid-03', date: '2026-11-20 16:00', column: 'bid.change', title: '关于多功能提取罐采购项目招标公告的变更公告', summary: '因技术参数调整，本项目投标截止及开标时间顺延至 2026 年 12 月 14 日。',
    fields: { bidType: 'change', purchaser, project: '中药提取车间多功能提取罐采购项目（BC-ZB-2026-031）', budget: '人民币 380 万元', winner: '',
      qualifications: '与原招标公告一致。', documentStart: '2026-11-16 09:00', documentEnd: '2026-11-30 17:00', bidDeadline: '2026-12-14 09:30', openingTime: '2026-12-14 09:30', openingPlace: place, contact: bidContact,
      attachments: [{ name: '技术参数变更说明.pdf', url: 'https://bencao.example.com/files/BC-ZB-2026-031-change1.pdf' }] },
    body: p('各潜在投标人：', '本草制药股份有限公司中药提取车间多功能提取罐采购项目（BC-ZB-2026-031）招标公告于 2026 年 11 月 16 日发布。因提取罐夹套设计压力等技术参数调整，现将有关事项变更如下：', ul('招标文件获取截止时间变更为 2026 年 11 月 30 日 17:00', '投标截止时间及开标时间变更为 2026 年 12 月 14 日 09:30', '技术参数的具体调整内容见附件'), '除上述变更外，原公告其他内容不变。由此给各投标人带来的不便，敬请谅解。'),
  },
  {
    key: 'bid-04', date: '2026-10-30 10:00', column: 'bid.tender', title: '仓储物流中心立体货架及输送系统采购项目招标公告', summary: '采购立体货架约 3600 货位及配套输送系统，含安装调试。',
    fields: { bidType: 'tender', purchaser, project: '仓储物流中心立体货架及输送系统采购项目（BC-ZB-2026-026）', budget: '人民币 520 万元', winner: '',
      qualifications: '1. 具有独立法人资格；\n2. 具有医药行业立体仓库项目实施经验，近三年同类业绩不少于 2 项；\n3. 具有钢结构工程专业承包资质。',
      documentStart: '2026-10-30 09:00', documentEnd: '2026-11-06 17:00', bidDeadline: '2026-11-20 09:30', openingTime: '2026-11-20 09:30', openingPlace: place, contact: bidContact,
      attachments: [] },
    body: p('本草制药股份有限公司就仓储物流中心立体货架及输送系统采购项目进行公开招标，欢迎符合条件的供应商参加。', p('项目须满足药品储存温湿度管理要求，并与我公司仓储管理系统实现数据对接。')),
  },
  {
    key: 'bid-05', date: '2026-10-18 10:00', column: 'bid.result', title: '质量检测中心高效液相色谱仪采购项目中标结果公告', summary: '经评标委员会评审，确定中标人，现予公告。',
    fields: { bidType: 'result', purchaser, project: '质量检测中心高效液相色谱仪采购项目（BC-ZB-2026-019）', budget: '人民币 260 万元', winner: '杭州青禾分析仪器有限公司（中标金额：人民币 238.6 万元）',
      qualifications: '', documentStart: null, documentEnd: null, bidDeadline: null, openingTime: '2026-10-12 09:30', openingPlace: place, contact: bidContact, attachments: [] },
    body: p('本草制药股份有限公司质量检测中心高效液相色谱仪采购项目于 2026 年 10 月 12 日开标，经评标委员会评审，确定中标人如下：', '<table><thead><tr><th>包号</th><th>中标人</th><th>中标金额</th></tr></thead><tbody><tr><td>1</td><td>杭州青禾分析仪器有限公司</td><td>人民币 238.6 万元</td></tr></tbody></table>', '公告期为 3 个工作日。投标人对结果有异议的，可在公告期内以书面形式向采购部提出。'),
  },
  {
    key: 'bid-06', date: '2026-09-26 10:00', column: 'bid.result', title: '办公区物业服务项目中标结果公告', summary: '办公区物业服务项目评标工作已完成，中标结果公告如下。',
    fields: { bidType: 'result', purchaser, project: '总部办公区物业服务项目（BC-ZB-2026-015）', budget: '人民币 180 万元/年', winner: '浙江宜居物业服务有限公司（中标金额：人民币 168 万元/年）',
      qualifications: '', documentStart: null, documentEnd: null, bidDeadline: null, openingTime: '2026-09-20 14:00', openingPlace: place, contact: bidContact, attachments: [] },
    body: p('本草制药股份有限公司总部办公区物业服务项目于 2026 年 9 月 20 日开标。经评标委员会评审，确定浙江宜居物业服务有限公司为中标人，服务期两年。', '公告期为 3 个工作日。如有异议，请在公告期内以书面形式向采购部提出。'),
  },
];

export interface SeedPage { key: string; slug: string; title: string; summary: string; art: ArtName; fields: PageFields; body: string; column: string }
export const PAGES: SeedPage[] = [
  {
    key: 'page-overview', slug: 'overview', column: 'about', art: 'building', title: '公司概况',
    summary: '本草制药是一家集中药材种植、中药饮片与中成药研发、生产和销售于一体的现代中药企业。',
    fields: { subtitle: '精选道地药材，守护百姓健康', timeline: [], highlights: [
      { label: '始创于', value: '1987 年' }, { label: '在产品种', value: '86 个' }, { label: '规范化种植基地', value: '1.2 万亩' }, { label: '员工', value: '2300 余人' },
    ] },
    body: p(
      '本草制药股份有限公司始创于 1987 年，前身为杭州余杭的一家中药饮片加工厂。经过三十余年的发展，公司已成为集中药材种植、中药饮片与中成药研发、生产和销售于一体的现代中药企业。',
      '公司总部位于浙江杭州，拥有余杭现代中药智能制造基地和甘肃定西、内蒙古赤峰两处药材种植基地。在产品种 86 个，涵盖呼吸系统、脾胃消化、补益调理、心脑血管等领域，剂型包括颗粒剂、片剂、胶囊剂、丸剂、糖浆剂等。',
      h2('质量为本'),
      '公司建立了覆盖药材种植、采购、生产、检验、储运的全过程质量管理体系，质量检测中心配备液相色谱—质谱联用仪等先进设备，主力品种均建立了指纹图谱控制方法。',
      h2('创新驱动'),
      '公司设有省级企业技术中心，与多所中医药院校建立长期合作，累计拥有有效发明专利 40 余项，正在开展经典名方和中药新药研究。',
    ),
  },
  {
    key: 'page-strategy', slug: 'strategy', column: 'about', art: 'mountains', title: '发展战略',
    summary: '以“道地药材、现代制造、循证研究”为支点，建设值得信赖的现代中药企业。',
    fields: { subtitle: '道地药材 · 现代制造 · 循证研究', timeline: [], highlights: [
      { label: '研发投入占营收', value: '6.8%' }, { label: '在研项目', value: '23 项' }, { label: '2030 年种植基地目标', value: '3 万亩' },
    ] },
    body: p(
      '面向未来，本草制药确立了“以道地药材为根基、以现代制造为支撑、以循证研究为引领”的发展战略。',
      h2('一、道地药材战略'),
      '扩大规范化种植基地规模，建设种质资源圃和溯源平台，实现主力品种药材来源可控、质量可溯。',
      h2('二、智能制造战略'),
      '推进提取、制剂、仓储全流程数字化，建立以过程数据为核心的质量保证体系，提高批间一致性。',
      h2('三、创新研发战略'),
      '聚焦呼吸、消化、心脑血管三大领域，推进经典名方开发和上市品种的循证医学研究，让传统良方有更坚实的证据支撑。',
      h2('四、人才与文化战略'),
      '完善人才培养与激励机制，传承中药老药工技艺，建设学习型组织。',
    ),
  },
  {
    key: 'page-history', slug: 'history', column: 'about', art: 'patternOchre', title: '发展历程',
    summary: '从一间饮片加工作坊到现代中药企业，本草制药走过了三十余年。',
    fields: { subtitle: '三十余载，一心做好药', highlights: [], timeline: [
      { year: '1987', text: '余杭中药饮片加工厂成立，从事传统饮片炮制加工。' },
      { year: '1996', text: '建成第一条中成药生产线，首个颗粒剂品种上市。' },
      { year: '2004', text: '通过药品 GMP 认证，改制为本草制药有限公司。' },
      { year: '2011', text: '甘肃定西当归、黄芪规范化种植基地建成。' },
      { year: '2016', text: '省级企业技术中心挂牌，质量检测中心投入使用。' },
      { year: '2020', text: '完成股份制改造，更名为本草制药股份有限公司。' },
      { year: '2023', text: '余杭现代中药智能制造基地一期投产，药材溯源平台上线。' },
      { year: '2026', text: '智能制造基地二期竣工投产，获评省级“绿色工厂”。' },
    ] },
    body: p('三十余年来，本草制药始终坚持“一心做好药”的朴素信念，从一间饮片加工作坊成长为现代中药企业。'),
  },
  {
    key: 'page-party', slug: 'party', column: 'about', art: 'patternRed', title: '党建工作',
    summary: '坚持党建引领，把党的组织优势转化为企业的发展优势。',
    fields: { subtitle: '党建引领，实干担当', timeline: [], highlights: [
      { label: '基层党支部', value: '9 个' }, { label: '党员', value: '312 名' }, { label: '党员先锋岗', value: '46 个' },
    ] },
    body: p(
      '公司党委下设 9 个基层党支部，现有党员 312 名。公司党委坚持把党建工作与生产经营深度融合，推动党建工作与企业发展同频共振。',
      h2('建强基层组织'),
      '在生产车间、质量检测中心、药材基地设立党员先锋岗和党员责任区，让党员在质量攻关、安全生产和急难险重任务中发挥先锋模范作用。',
      h2('服务群众'),
      '常态化开展“中医药进社区”义诊、药材产区帮扶等活动，组织党员志愿者服务社区居民和合作社种植户。',
      h2('廉洁从业'),
      '加强采购、招标等关键环节的监督，坚持阳光采购，所有招标项目在公司官网公开发布。',
    ),
  },
  {
    key: 'page-culture', slug: 'culture', column: 'culture', art: 'mountainsB', title: '企业文化',
    summary: '“精选道地药材，守护百姓健康”是本草人的使命，“诚、精、和、新”是本草人的价值观。',
    fields: { subtitle: '精选道地药材，守护百姓健康', timeline: [], highlights: [
      { label: '使命', value: '守护百姓健康' }, { label: '愿景', value: '值得信赖的现代中药企业' }, { label: '价值观', value: '诚 · 精 · 和 · 新' },
    ] },
    body: p(
      h2('企业使命'),
      '精选道地药材，守护百姓健康。',
      h2('企业愿景'),
      '成为患者信赖、员工自豪、社会尊重的现代中药企业。',
      h2('核心价值观'),
      ul('<strong>诚</strong>：诚信为本，修合无人见，存心有天知。', '<strong>精</strong>：精益求精，炮制虽繁必不敢省人工，品味虽贵必不敢减物力。', '<strong>和</strong>：和衷共济，与员工、合作伙伴和种植户共同成长。', '<strong>新</strong>：守正创新，用现代科学讲清楚传统中药。'),
      h2('本草人的一天'),
      '清晨，药材基地的技术员在田间记录墒情；上午，提取车间的操作工核对每一个工艺参数；午后，质量检测中心的化验员完成最后一份检验报告；傍晚，满载药品的货车从立体仓库驶出。每一位本草人，都在自己的岗位上守护着同一件事：做好每一粒药。',
    ),
  },
];
