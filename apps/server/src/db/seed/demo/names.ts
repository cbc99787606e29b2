/** The pools the demo draws people, companies and places from (English and Chinese). */
export const EN_FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Linda', 'William', 'Elizabeth', 'Daniel', 'Sarah', 'Thomas', 'Karen', 'Matthew', 'Nancy', 'Anthony', 'Lisa', 'Mark', 'Emily', 'Steven', 'Laura', 'Paul', 'Rachel', 'Kevin', 'Amy', 'Brian', 'Hannah', 'George', 'Chloe'];
export const EN_LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young'];
export const ZH_LAST = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
export const ZH_FIRST = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '志强', '海燕', '建华', '晓东', '雪梅', '国庆'];
export const EN_TITLES = ['CEO', 'CTO', 'VP Sales', 'Head of Procurement', 'IT Director', 'Operations Manager', 'Marketing Director', 'Purchasing Manager', 'CFO', 'Product Manager'];
export const ZH_TITLES = ['总经理', '技术总监', '销售副总裁', '采购经理', '信息部主任', '运营经理', '市场总监', '财务总监', '产品经理'];
export const EN_COMPANIES = ['Northwind Traders', 'Contoso Ltd', 'Fabrikam Inc', 'Adventure Works', 'Tailspin Toys', 'Wide World Importers', 'Blue Yonder Airlines', 'Coho Winery', 'Litware Inc', 'Proseware Inc', 'Lucerne Publishing', 'Woodgrove Bank', 'Alpine Ski House', 'Margie Travel', 'Trey Research', 'Humongous Insurance', 'Graphic Design Institute', 'Southridge Video', 'Fourth Coffee', 'Wingtip Toys', 'Datum Corporation', 'Relecloud', 'Consolidated Messenger', 'School of Fine Art'];
export const ZH_COMPANIES = ['华信科技有限公司', '东方明珠贸易公司', '长城智能制造', '蓝海医疗器械', '锦程物流集团', '星辰软件股份', '金桥金融服务', '嘉禾教育科技', '天和零售连锁', '远航新能源'];

/** A city with its state/province and country, a postal code pattern ('#' a digit) and streets to build addresses from. */
export type Place = { city: string; state: string; country: string; postal: string; streets: readonly string[] };
export const EN_PLACES: Place[] = [
  { city: 'Seattle', state: 'WA', country: 'USA', postal: '981##', streets: ['Pine Street', '4th Avenue', 'Westlake Avenue'] },
  { city: 'Boston', state: 'MA', country: 'USA', postal: '021##', streets: ['Boylston Street', 'Atlantic Avenue', 'Summer Street'] },
  { city: 'Austin', state: 'TX', country: 'USA', postal: '787##', streets: ['Congress Avenue', 'Lamar Boulevard', 'Red River Street'] },
  { city: 'Chicago', state: 'IL', country: 'USA', postal: '606##', streets: ['Michigan Avenue', 'Wacker Drive', 'LaSalle Street'] },
  { city: 'London', state: '', country: 'United Kingdom', postal: 'EC#A #AB', streets: ['King William Street', 'Old Street', 'Moorgate'] },
  { city: 'Toronto', state: 'ON', country: 'Canada', postal: 'M5V #A#', streets: ['King Street West', 'Bay Street', 'Front Street'] },
  { city: 'Sydney', state: 'NSW', country: 'Australia', postal: '20##', streets: ['George Street', 'Pitt Street', 'Kent Street'] },
];
export const ZH_PLACES: Place[] = [
  { city: '上海', state: '上海', country: '中国', postal: '200###', streets: ['浦东新区世纪大道', '静安区南京西路', '徐汇区漕溪北路'] },
  { city: '北京', state: '北京', country: '中国', postal: '100###', streets: ['朝阳区建国路', '海淀区中关村大街', '东城区东长安街'] },
  { city: '深圳', state: '广东', country: '中国', postal: '518###', streets: ['南山区科技园路', '福田区深南大道', '宝安区新安路'] },
  { city: '杭州', state: '浙江', country: '中国', postal: '310###', streets: ['西湖区文三路', '滨江区江南大道', '上城区解放路'] },
  { city: '成都', state: '四川', country: '中国', postal: '610###', streets: ['高新区天府大道', '锦江区红星路', '武侯区人民南路'] },
];

export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
