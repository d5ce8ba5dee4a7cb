"""Edition id -> parser function(text, edition) that fills `edition.sections` in rule order."""
from .parse_dcg import parse_dcg
from .parse_glossary import parse_glossary
from .parse_nmr import parse_nmr
from .parse_ygo_rulebook import parse_ygo_rulebook

PARSERS = {
    "dcg-ja-3.6": parse_dcg,
    "dcg-zh-1.2": parse_dcg,
    "ygo-zh-rulebook": parse_ygo_rulebook,
    "dcg-zh-glossary": parse_glossary,
    "ygo-zh-nmr": parse_nmr,
}
