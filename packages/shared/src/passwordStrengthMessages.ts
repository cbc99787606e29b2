/**
 * Why a password is too easy to guess, en and zh; merged into messages.ts (the server's table only,
 * see there). The server's strength
 * estimate (zxcvbn-ts, modules/auth/passwordStrength.ts) names a warning and suggestions by keys;
 * `passwordStrength.warning.<key>` and `passwordStrength.advice.<key>` are our texts for them,
 * written for this product (zxcvbn-ts has no Chinese package). A warning completes
 * `auth.passwordWeakBecause` ("…too easy to guess: {{warning}}. {{advice}}"), so it starts in
 * lower case and has no full stop; advice is a sentence of its own. The `pwned` keys are left out:
 * the breach check is a network matcher this product does not use.
 */
export const passwordStrengthEn = {
  'auth.passwordWeak': 'This password is too easy to guess. {{advice}}',
  'auth.passwordWeakBecause': 'This password is too easy to guess: {{warning}}. {{advice}}',

  'passwordStrength.warning.straightRow': 'it is a straight row of keys',
  'passwordStrength.warning.keyPattern': 'it is a short keyboard pattern',
  'passwordStrength.warning.simpleRepeat': 'it repeats one character, like "aaa"',
  'passwordStrength.warning.extendedRepeat': 'it repeats a group of characters, like "abcabcabc"',
  'passwordStrength.warning.sequences': 'it follows a sequence, like "abc" or "6789"',
  'passwordStrength.warning.recentYears': 'it contains a recent year',
  'passwordStrength.warning.dates': 'it contains a date',
  'passwordStrength.warning.topTen': 'it is one of the ten most used passwords',
  'passwordStrength.warning.topHundred': 'it is one of the hundred most used passwords',
  'passwordStrength.warning.common': 'it is a commonly used password',
  'passwordStrength.warning.similarToCommon': 'it is close to a commonly used password',
  'passwordStrength.warning.wordByItself': 'it is a single word',
  'passwordStrength.warning.namesByThemselves': 'it is a single name or surname',
  'passwordStrength.warning.commonNames': 'it is made of common names and surnames',
  'passwordStrength.warning.userInputs': 'it contains the account’s own name or address',

  'passwordStrength.advice.l33t': 'Predictable substitutions such as "@" for "a" do not help.',
  'passwordStrength.advice.reverseWords': 'Common words spelt backwards do not help.',
  'passwordStrength.advice.allUppercase': 'Capitalise some letters, not all.',
  'passwordStrength.advice.capitalization': 'Capitalise more than the first letter.',
  'passwordStrength.advice.dates': 'Avoid dates and years that are connected with you.',
  'passwordStrength.advice.recentYears': 'Avoid recent years.',
  'passwordStrength.advice.associatedYears': 'Avoid years that are connected with you.',
  'passwordStrength.advice.sequences': 'Avoid common sequences of characters.',
  'passwordStrength.advice.repeated': 'Avoid repeated words and characters.',
  'passwordStrength.advice.longerKeyboardPattern': 'Use longer keyboard patterns that change direction several times.',
  'passwordStrength.advice.anotherWord': 'Add a word or two, less common ones.',
  'passwordStrength.advice.useWords': 'Use several words, but not a common phrase.',
  'passwordStrength.advice.noNeed': 'A strong password needs no symbols, digits or capitals: length matters more.',
} as const;

export const passwordStrengthZh: Record<keyof typeof passwordStrengthEn, string> = {
  'auth.passwordWeak': '该密码太容易被猜到。{{advice}}',
  'auth.passwordWeakBecause': '该密码太容易被猜到：{{warning}}。{{advice}}',

  'passwordStrength.warning.straightRow': '它是键盘上的一整行按键',
  'passwordStrength.warning.keyPattern': '它是简短的键盘图案',
  'passwordStrength.warning.simpleRepeat': '它重复同一个字符，例如“aaa”',
  'passwordStrength.warning.extendedRepeat': '它重复一组字符，例如“abcabcabc”',
  'passwordStrength.warning.sequences': '它是连续的字符序列，例如“abc”或“6789”',
  'passwordStrength.warning.recentYears': '它包含最近的年份',
  'passwordStrength.warning.dates': '它包含日期',
  'passwordStrength.warning.topTen': '它是最常用的十个密码之一',
  'passwordStrength.warning.topHundred': '它是最常用的一百个密码之一',
  'passwordStrength.warning.common': '它是常用密码',
  'passwordStrength.warning.similarToCommon': '它与常用密码相近',
  'passwordStrength.warning.wordByItself': '它只是一个单词',
  'passwordStrength.warning.namesByThemselves': '它只是一个名字或姓氏',
  'passwordStrength.warning.commonNames': '它由常见的名字和姓氏组成',
  'passwordStrength.warning.userInputs': '它包含该账号自己的名称或邮箱地址',

  'passwordStrength.advice.l33t': '用“@”代替“a”之类可预测的替换并无帮助。',
  'passwordStrength.advice.reverseWords': '把常用单词倒过来拼写并无帮助。',
  'passwordStrength.advice.allUppercase': '将部分字母大写，而不是全部。',
  'passwordStrength.advice.capitalization': '不要只把首字母大写。',
  'passwordStrength.advice.dates': '避免使用与你相关的日期和年份。',
  'passwordStrength.advice.recentYears': '避免使用最近的年份。',
  'passwordStrength.advice.associatedYears': '避免使用与你相关的年份。',
  'passwordStrength.advice.sequences': '避免使用常见的字符序列。',
  'passwordStrength.advice.repeated': '避免重复的单词和字符。',
  'passwordStrength.advice.longerKeyboardPattern': '使用更长、多次改变方向的键盘图案。',
  'passwordStrength.advice.anotherWord': '再加一两个不常见的单词。',
  'passwordStrength.advice.useWords': '使用多个单词，但不要用常见短语。',
  'passwordStrength.advice.noNeed': '强密码不一定需要符号、数字或大写字母：长度更重要。',
};
