"""rulings/index_writer.py writes the index files Whoosh's own writer writes from the same documents, byte for
byte (it only spends less CPU getting there): real sections through the real schema."""
from __future__ import annotations

import pytest
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import RamStorage

from rulings import corpus, index, schema
from rulings.index_writer import COMPRESSION, BulkWriter


def _documents(edition_id: str, count: int) -> list[dict]:
    edition = corpus.load(edition_id)
    definitions = index._definitions(edition)
    headings: dict = {}
    docs = [index.section_document(edition, s, i, definitions, headings)[0] for i, s in enumerate(edition)]
    return docs[:count] + docs[-count:]


def _files(make_writer, docs: list[dict], the_schema) -> dict[str, bytes]:
    storage = RamStorage()
    ix = storage.create_index(the_schema)
    writer = make_writer(ix)
    for doc in docs:
        writer.add_document(**doc)
    writer.commit()
    segment = ix._segments()[0].segid
    # the TOC names the segment (a random id)
    return {name.replace(segment, "SEG"): storage.open_file(name).read().replace(segment.encode(), b"SEG")
            for name in storage.list() if "LOCK" not in name}


@pytest.mark.parametrize("edition_id", ["dcg-ja-3.6", "ygo-zh-rulebook"])
def test_bulk_writer_writes_what_whoosh_writes(edition_id):
    docs = _documents(edition_id, 150)
    ours = _files(lambda ix: BulkWriter(ix, compound=False), docs, schema.schema())
    whoosh = _files(lambda ix: ix.writer(codec=W3Codec(compression=COMPRESSION), compound=False), docs,
                    schema.schema())
    assert sorted(ours) == sorted(whoosh)
    assert any(name.endswith(".pst") for name in ours) and any(name.endswith(".trm") for name in ours)
    differ = [name for name in ours if ours[name] != whoosh[name]]
    assert not differ


def test_bulk_writer_refuses_what_it_does_not_write():
    ix = RamStorage().create_index(schema.schema())
    writer = BulkWriter(ix)
    with pytest.raises(ValueError):
        writer.add_document(ref="x:1", _boost=2.0)
    writer.cancel()


def test_a_column_read_whole_is_what_whooshs_reader_gives():
    info = index.ensure()
    loaded = index.open_checked(info)
    reader = loaded.searcher.reader()
    names = [name for name, field in reader.schema.items() if field.column_type]
    assert {"ref", "edition", "game", "parent"} <= set(names)
    for name in names:
        assert index.read_column(reader, name) == list(reader.column_reader(name)), name
    loaded.close()
