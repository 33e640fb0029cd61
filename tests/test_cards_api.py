"""The card kit's two faces: what a card author writes, and the runtime beneath it."""

from __future__ import annotations

import ast
from pathlib import Path

import pure_engine.cards as kit
import pure_engine.cards.runtime as runtime

VM_INTERNALS = {"Frame", "Reg", "Program", "Instr", "Assembler", "push", "run", "answer"}
TABLE_OPERATIONS = {"Table", "Entity", "create", "move", "put", "put_all", "update", "new_table"}


def test_the_author_api_is_narrow() -> None:
    # about seventy words: the DSL grew Magic's permanents (tokens, legends, a named number)
    # and prevention shields and modes chosen on play; the VM and the table stay out of it
    assert 45 <= len(kit.__all__) <= 70
    assert not (VM_INTERNALS | TABLE_OPERATIONS) & set(kit.__all__)


def test_the_runtime_holds_the_vm_and_the_table_operations() -> None:
    assert set(runtime.__all__) >= (VM_INTERNALS | TABLE_OPERATIONS)


def test_every_exported_name_exists_once() -> None:
    for module in (kit, runtime):
        assert len(set(module.__all__)) == len(module.__all__)
        for name in module.__all__:
            assert hasattr(module, name), name
    assert not set(kit.__all__) & set(runtime.__all__)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def runtime_imports_of_author_modules(folder: Path) -> dict[str, set[str]]:
    """Each runtime module's imports of the kit outside the runtime, but the selector language
    and its compiler."""
    allowed = {"pure_engine.cards.selectors", "pure_engine.cards.selector_compiler"}
    found = {}
    for path in sorted(folder.glob("*.py")):
        kit = {
            name
            for name in _imports(path)
            if name.startswith("pure_engine.cards")
            and not name.startswith("pure_engine.cards.runtime")
            and name not in allowed
        }
        if kit:
            found[path.name] = kit
    return found


def test_the_runtime_does_not_import_the_authors_vocabulary() -> None:
    assert runtime_imports_of_author_modules(Path(runtime.__file__).parent) == {}


def test_the_layering_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "vm.py").write_text("from pure_engine.cards.effects import Hit\n")
    (tmp_path / "table.py").write_text("from pure_engine.cards.selectors import Ctx\n")
    found = runtime_imports_of_author_modules(tmp_path)
    assert found == {"vm.py": {"pure_engine.cards.effects"}}
