"""The card kit's two faces: what a card author writes, and the runtime beneath it."""

from __future__ import annotations

import pure_engine.cards as kit
import pure_engine.cards.runtime as runtime

VM_INTERNALS = {"Frame", "Reg", "Program", "Instr", "Assembler", "push", "run", "answer"}
TABLE_OPERATIONS = {"Table", "Entity", "create", "move", "put", "put_all", "update", "new_table"}


def test_the_author_api_is_narrow() -> None:
    assert 45 <= len(kit.__all__) <= 60
    assert not (VM_INTERNALS | TABLE_OPERATIONS) & set(kit.__all__)


def test_the_runtime_holds_the_vm_and_the_table_operations() -> None:
    assert set(runtime.__all__) >= (VM_INTERNALS | TABLE_OPERATIONS)


def test_every_exported_name_exists_once() -> None:
    for module in (kit, runtime):
        assert len(set(module.__all__)) == len(module.__all__)
        for name in module.__all__:
            assert hasattr(module, name), name
    assert not set(kit.__all__) & set(runtime.__all__)
