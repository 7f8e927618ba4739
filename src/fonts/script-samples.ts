/** One sample per script Pictor claims to draw (§14), with the shipped family expected to draw it. */
export const SCRIPT_SAMPLES: ReadonlyArray<{ script: string; family: string; text: string }> = [
  { script: 'Latin', family: 'Inter', text: 'Hello world, ça va?' },
  { script: 'Vietnamese', family: 'Inter', text: 'Xin chào thế giới' },
  { script: 'Greek', family: 'Inter', text: 'Γειά σου Κόσμε' },
  { script: 'Cyrillic', family: 'Inter', text: 'Привет, мир' },
  { script: 'Arabic', family: 'Noto Sans Arabic', text: 'مرحبا بالعالم' },
  { script: 'Hebrew', family: 'Noto Sans Hebrew', text: 'שלום עולם' },
  { script: 'Devanagari', family: 'Noto Sans Devanagari', text: 'नमस्ते दुनिया' },
  { script: 'Bengali', family: 'Noto Sans Bengali', text: 'হ্যালো বিশ্ব' },
  { script: 'Tamil', family: 'Noto Sans Tamil', text: 'வணக்கம் உலகம்' },
  { script: 'Thai', family: 'Noto Sans Thai', text: 'สวัสดีชาวโลก' },
  { script: 'Korean Hangul', family: 'Noto Sans KR', text: '안녕하세요 세계' },
  { script: 'Japanese', family: 'Noto Sans JP', text: 'こんにちは、カタカナ' },
  { script: 'Chinese (Simplified)', family: 'Noto Sans SC', text: '你好世界，简体中文' },
  { script: 'Chinese (Traditional)', family: 'Noto Sans TC', text: '繁體中文測試' },
  { script: 'Colour emoji', family: 'Noto Color Emoji', text: '😀🚀👍🏽' },
];
