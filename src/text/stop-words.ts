// The one stop-word list: words that carry no meaning for search or routing, in English and the
// languages people most often ask in besides it. Search drops them from skills and queries alike;
// the tier's router terms drop them too, with the filler of skill titles besides.

/**
 * Words that carry no meaning for routing: common English function words, contractions as people type
 * them without the apostrophe (`doesnt`, or `doesn` and `t` once the apostrophe splits them), and the
 * filler of questions (`really`, `way`, `need`, `want`). A term that is never indexed can only
 * lower a query's coverage, so these are dropped from skills and queries alike.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our so such that the their then there these this to use using was we what when where which while who why will with you your',
    'am been being did doing had having he her him his she they them those us were whom',
    'don doesn didn isn aren wasn weren wouldn shouldn couldn haven hasn hadn ain',
    'dont doesnt didnt isnt arent wasnt werent wont wouldnt shouldnt couldnt havent hasnt hadnt cant cannot',
    'im ive youre youve youll youd theyre thats theres whats hows whys lets s t ll re ve d m',
    'just really very also still even way ways thing things something anything everything some any all',
    'more most much many lot lots get gets got getting want wants wanted need needs like should would could',
    'make makes made making might must may please thanks one ones too up out off over back here now every everyone someone',
    'anyone nothing another other others each both same else seem seems actually basically currently simply',
    // The function words of the languages people most often ask in besides English, so that a question
    // asked in them is weighed on its content words. Words that are also English terms (`es` modules,
    // `die`, `man`, `art`, `come`, `comment`, `plus`, `sans`, `sin`, `os`, `em`, `ci`, `su`, `op`, `er`,
    // `ad`, `id`, `sem`, `ma`, `mon`, `si`) are left out.
    'de del la las los lo el un una unos unas y en con por para que qué cómo como cuando cuándo donde dónde sobre entre mi mis tu sus está están son hay se le les me te nos muy más pero ni este esta estos estas ese esa eso esos esas',
    'da do dos das um uma uns umas no na nos nas com por pelo pela ao aos onde porque meu minha seu sua é são não mas ou',
    'il lo gli un uno una di in con per tra fra che quando dove perché mio mia suo sua è sono non del della dei delle nel nella al alla dal dalla sul sulla',
    'le les un une des du au aux et ou où je tu il nous vous ils elle elles ce cette ces mes ton ta tes son sa ses leur leurs dans avec pour sur pas que qui quoi quand pourquoi est sont mais ne',
    'der das den dem des ein eine einen einem einer und oder aber ist sind nicht mit für auf bei von zu zum zur im ich du wir ihr sie mein meine dein deine wie wenn warum wo welche welcher welches kann können muss soll sich auch noch nur schon mehr sehr ohne nach vor über unter aus durch gegen dass als',
    'het een van met voor niet zijn hoe wat waarom ik je mijn naar ook maar om dat',
  ]
    .join(' ')
    .split(' '),
);
