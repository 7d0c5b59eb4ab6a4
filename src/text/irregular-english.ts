// Irregular English verb forms and their base: Porter2 strips suffixes, so `went`, `built`, `broke`
// never meet `go`, `build`, `break` — yet notes say what happened ("the build broke", "we chose X")
// and questions ask in the base form ("did … break", "why choose …"). Mapping the form to its base
// before stemming makes both stem alike, in the index and in queries alike. Forms that are just as
// often another word are left out: left, saw, lay, bit, bound, ground, rose, wound, sat (SAT), born
// (bear), lead/led (LED), won (won't).

const FORMS = `
arise arose arisen|awake awoke awoken|beat beaten|become became|begin began begun|bend bent|bite
bitten|bleed bled|blow blew blown|break broke broken|breed bred|bring brought|build built|burn burnt|
buy bought|catch caught|choose chose chosen|cling clung|come came|creep crept|deal dealt|dig dug|do
did done|draw drew drawn|dream dreamt|drink drank drunk|drive drove driven|eat ate eaten|fall fell
fallen|feed fed|feel felt|fight fought|find found|flee fled|fly flew flown|forbid forbade forbidden|
forget forgot forgotten|forgive forgave forgiven|freeze froze frozen|get got gotten|give gave given|
go went gone|grow grew grown|hang hung|have had|hear heard|hide hid hidden|hold held|keep kept|kneel
knelt|know knew known|lean leant|leap leapt|learn learnt|lend lent|light lit|lose lost|make
made|mean meant|meet met|mislead misled|overcome overcame|oversee oversaw overseen|pay paid|rebuild
rebuilt|rewrite rewrote rewritten|ride rode ridden|ring rang rung|rise risen|run ran|say said|see
seen|seek sought|sell sold|send sent|shake shook shaken|shine shone|shoot shot|show shown|shrink
shrank shrunk|sing sang sung|sink sank sunk|sleep slept|slide slid|speak spoke spoken|speed sped|
spend spent|spin spun|spring sprang sprung|stand stood|steal stole stolen|stick stuck|sting stung|
strike struck|strive strove striven|swear swore sworn|sweep swept|swim swam swum|swing swung|take
took taken|teach taught|tear tore torn|tell told|think thought|throw threw thrown|undergo underwent
undergone|understand understood|undo undid undone|uphold upheld|wake woke woken|wear wore worn|weave
wove woven|weep wept|withdraw withdrew withdrawn|withhold withheld|write wrote written`;

const BASE = new Map<string, string>();
for (const group of FORMS.split('|')) {
  const [base, ...forms] = group.trim().split(/\s+/);
  for (const form of forms) BASE.set(form, base!);
}

/** The base form of an irregular verb form (`went` → `go`), else the word itself. */
export function baseForm(word: string): string {
  return BASE.get(word) ?? word;
}
