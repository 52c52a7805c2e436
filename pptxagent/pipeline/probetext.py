"""Sample text for ``pptxagent probe``: words in the template's own script (Latin, CJK,
Arabic or Hebrew), so a slot's limit is measured with glyphs of the widths it will hold.

The script is the one most of the template's letters are in (its slides' and layouts' text;
for a template with none, its layouts' prompts, unless the language those prompts are tagged
with is written in another script: ``zh-CN`` on "Click to edit Master title style" makes a
Chinese template). A Latin template is probed with plain
business English of typical word lengths; a CJK one with Japanese, Chinese or Korean
sentences (a "word" is then one character, as CJK text wraps between any two); an RTL one
with Arabic or Hebrew.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Script = str
"""``latin``, ``japanese``, ``chinese``, ``korean``, ``arabic`` or ``hebrew``."""

_SAMPLES: dict[Script, str] = {
    "latin": (
        "Revenue grew in every region while operating costs fell and the team shipped the "
        "new platform ahead of plan. Customers renewed their contracts at a higher rate than "
        "last year, and support answered most questions within one working day. The board "
        "approved the budget for the next phase, which adds two markets, a partner program "
        "and a faster onboarding process for enterprise accounts. Margins improved as pricing "
        "became simpler and discounts were granted only with a clear business case."
    ),
    "japanese": (
        "今期の売上はすべての地域で増加し、運営コストは減少しました。新しいプラットフォームは"
        "計画より早く公開され、顧客の契約更新率も昨年を上回りました。取締役会は次の段階の予算を"
        "承認し、二つの市場と新しいパートナー制度を追加します。"
    ),
    "chinese": (
        "本季度各地区的收入均有增长，运营成本有所下降。新平台提前上线，客户续约率高于去年，"
        "支持团队在一个工作日内回答了大多数问题。董事会批准了下一阶段的预算，将增加两个市场"
        "和一个合作伙伴计划。"
    ),
    "korean": (
        "이번 분기 매출은 모든 지역에서 증가했고 운영 비용은 감소했습니다. 새 플랫폼은 계획보다 "
        "일찍 출시되었으며 고객 갱신율도 작년보다 높았습니다. 이사회는 다음 단계의 예산을 "
        "승인했습니다."
    ),
    "arabic": (
        "نمت الإيرادات في كل المناطق بينما انخفضت تكاليف التشغيل وأطلق الفريق المنصة الجديدة "
        "قبل الموعد المخطط. جدد العملاء عقودهم بمعدل أعلى من العام الماضي وأجاب فريق الدعم عن "
        "معظم الأسئلة خلال يوم عمل واحد. وافق المجلس على ميزانية المرحلة التالية."
    ),
    "hebrew": (
        "ההכנסות גדלו בכל האזורים בזמן שעלויות התפעול ירדו והצוות השיק את הפלטפורמה החדשה "
        "לפני המועד שתוכנן. הלקוחות חידשו את החוזים שלהם בשיעור גבוה מהשנה שעברה וצוות התמיכה "
        "ענה על רוב השאלות תוך יום עבודה אחד. הדירקטוריון אישר את התקציב לשלב הבא."
    ),
}
CJK: frozenset[Script] = frozenset({"japanese", "chinese"})
"""Scripts whose "words" are single characters (no spaces between words)."""
BULLET_WORDS = 8
"""A typical bullet: eight words (about 50 Latin characters), or 20 CJK characters."""
BULLET_CJK_CHARS = 20


def _script_of(ch: str) -> Script | None:
    o = ord(ch)
    if 0x3040 <= o <= 0x30FF:
        return "japanese"
    if 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF:
        return "korean"
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
        return "chinese"
    if 0x0600 <= o <= 0x06FF or 0x0750 <= o <= 0x077F:
        return "arabic"
    if 0x0590 <= o <= 0x05FF:
        return "hebrew"
    if ch.isalpha():
        return "latin"
    return None


def has_letters(texts: Iterable[str]) -> bool:
    return any(_script_of(ch) is not None for text in texts for ch in text)


def detect_script(texts: Iterable[str]) -> Script:
    """The script most of the letters of ``texts`` are in; Han with any kana is Japanese."""
    counts: dict[Script, int] = {}
    for text in texts:
        for ch in text:
            s = _script_of(ch)
            if s is not None:
                counts[s] = counts.get(s, 0) + 1
    if counts.get("japanese") and counts.get("chinese"):
        counts["japanese"] += counts.pop("chinese")
    if not counts:
        return "latin"
    return max(sorted(counts), key=lambda s: counts[s])


_LANGUAGE_SCRIPTS: dict[str, Script] = {
    "zh": "chinese", "ja": "japanese", "ko": "korean", "ar": "arabic", "fa": "arabic",
    "ur": "arabic", "he": "hebrew", "iw": "hebrew", "yi": "hebrew",
}


def language_script(languages: Iterable[str]) -> Script | None:
    """The non-Latin script most of ``languages`` (BCP 47 tags) are written in, when they
    are the majority; ``None`` when most are Latin-script languages or there are none."""
    counts: dict[Script, int] = {}
    total = 0
    for lang in languages:
        total += 1
        script = _LANGUAGE_SCRIPTS.get(lang.split("-")[0].lower())
        if script is not None:
            counts[script] = counts.get(script, 0) + 1
    if not counts:
        return None
    best = max(sorted(counts), key=lambda s: counts[s])
    return best if 2 * counts[best] > total else None


@dataclass(frozen=True)
class Sampler:
    """Text of ``n`` words in one script, deterministic (the sample repeated as needed)."""

    script: Script

    @property
    def units(self) -> list[str]:
        text = _SAMPLES[self.script]
        if self.script in CJK:
            return [c for c in text if not c.isspace()]
        return text.split()

    def text(self, n: int, offset: int = 0) -> str:
        units = self.units
        picked = [units[(offset + i) % len(units)] for i in range(max(0, n))]
        return ("" if self.script in CJK else " ").join(picked)

    def bullets(self, n: int) -> list[str]:
        per = BULLET_CJK_CHARS if self.script in CJK else BULLET_WORDS
        return [self.text(per, offset=i * per) for i in range(max(0, n))]

    def words(self, text: str) -> int:
        """How many words ``text`` has as this sampler counts them."""
        if self.script in CJK:
            return sum(not c.isspace() for c in text)
        return len(text.split())
