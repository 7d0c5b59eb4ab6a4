// Function words that carry no topic: questions are full of them ("When did … go to the …?",
// "Сколько … было у …?"), and in an OR query each one pulls in facts that share nothing but grammar.
// Used on the query side only, so the index keeps every word. Lists are of folded forms (lower case,
// ё → е), built once at module load.

const ENGLISH = `
a about above across after again against all also am an and any are aren as at be because been
before behind being below beside besides between beyond both but by can cannot could couldn d did
didn do does doesn doing don done down during each either else ever every few for from further had
hadn has hasn have haven having he her here hers herself him himself his how however i if in into is
isn it its itself just ll m me might more most must my myself neither no nor not now of off on once
only onto or other our ours ourselves out over own per re s same shall she should shouldn since so
some such t than that the their theirs them themselves then there these they this those though
through to too toward towards under unless until up upon us ve very via was wasn we were weren what
whatever when whenever where whereas wherever whether which while who whoever whom whose why will
with within without would wouldn yet you your yours yourself yourselves`;

const RUSSIAN = `
а без более бы был была были было быть в вам вас ваш ваша ваше вашего вашей вашим ваших ваши
весь во вокруг возле вот все всего всей всем всеми всех всю вся вы где да даже для до должен
должна должно должны его ее ей ему если есть еще же за здесь и из изо или им ими их к как какая
какие каким какими каких каков какое какой каком какому какую когда кого ком кому который которая
которое которой котором которому которую которые которым которыми которых кроме кто ли либо между
мимо мне мной можно мое моего моей моему мои моим моих мой мою моя мы на над надо нам нас наш наша
наше нашего нашей нашим наших наши не него нее ней нельзя нем нему ни нибудь ним ними них но нужно
ну о об однако около он она они оно от очень перед по под после почему при про против ради с себе
себя сквозь сколько со собой своего своей своему свое свои своим своими своих свой свою своя среди
та так также такая такие таким таких такое такой там те тебе тебя тем теми тех то тобой того тоже
той только том тому тот ту тут ты у уже чего чей чем чему через что чтобы чье чьего чьей чьи чья
эта эти этим этими этих это этого этой этом этому этот эту является являются являлся являлась
являлось являлись являться я`;

// Trimmed, so that no empty word is split off: a filter's call per word cost every cold search ~0.5 ms.
const STOP_WORDS = new Set([...ENGLISH.trim().split(/\s+/), ...RUSSIAN.trim().split(/\s+/)]);

/** Whether a folded word (see `fold`) is a function word. */
export function isStopWord(folded: string): boolean {
  return STOP_WORDS.has(folded);
}
