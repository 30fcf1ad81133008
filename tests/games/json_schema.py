"""A small JSON Schema checker for the position formats the games document.

It understands the keywords those schemas use (type, const, enum, properties, required,
additionalProperties, items, prefixItems, minItems, maxItems, minimum, maximum, pattern,
anyOf and local $ref) and refuses any other, so a schema never silently checks less than it
says.
"""

from __future__ import annotations

import re
from typing import Any

_ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
_TYPES: dict[str, Any] = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
}  # fmt: skip


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None,
           path: str = "$") -> list[str]:  # fmt: skip
    """Every way ``value`` breaks ``schema``, each naming where (empty when it conforms)."""
    root = schema if root is None else root
    found: list[str] = []
    for key, rule in schema.items():
        if key in _ANNOTATIONS:
            continue
        check = _CHECKS.get(key)
        if check is None:
            raise ValueError(f"{path}: keyword {key!r} is not supported")
        found += check(value, rule, schema, root, path)
    return found


def _type(value: Any, rule: str, schema: dict, root: dict, path: str) -> list[str]:
    if rule == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif rule == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        ok = isinstance(value, _TYPES[rule])
    return [] if ok else [f"{path}: {value!r:.60} is not of type {rule}"]


def _const(value: Any, rule: Any, schema: dict, root: dict, path: str) -> list[str]:
    return [] if _same(value, rule) else [f"{path}: {value!r:.60} is not {rule!r}"]


def _enum(value: Any, rule: list[Any], schema: dict, root: dict, path: str) -> list[str]:
    if any(_same(value, x) for x in rule):
        return []
    return [f"{path}: {value!r:.60} is not one of {rule[:6]!r}{'…' if len(rule) > 6 else ''}"]


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)  # 1 is not True, 0 is not False


def _properties(value: Any, rule: dict, schema: dict, root: dict, path: str) -> list[str]:
    if not isinstance(value, dict):
        return []
    out: list[str] = []
    for name, sub in rule.items():
        if name in value:
            out += errors(value[name], sub, root, f"{path}.{name}")
    return out


def _required(value: Any, rule: list[str], schema: dict, root: dict, path: str) -> list[str]:
    if not isinstance(value, dict):
        return []
    return [f"{path}: missing {name!r}" for name in rule if name not in value]


def _additional(value: Any, rule: bool, schema: dict, root: dict, path: str) -> list[str]:
    if rule is not False or not isinstance(value, dict):
        return []
    known = schema.get("properties", {})
    return [f"{path}: unexpected {name!r}" for name in value if name not in known]


def _items(value: Any, rule: dict, schema: dict, root: dict, path: str) -> list[str]:
    if not isinstance(value, list):
        return []
    start = len(schema.get("prefixItems", ()))
    out: list[str] = []
    for i, item in enumerate(value[start:], start):
        out += errors(item, rule, root, f"{path}[{i}]")
    return out


def _prefix(value: Any, rule: list[dict], schema: dict, root: dict, path: str) -> list[str]:
    if not isinstance(value, list):
        return []
    out: list[str] = []
    for i, (item, sub) in enumerate(zip(value, rule, strict=False)):
        out += errors(item, sub, root, f"{path}[{i}]")
    return out


def _min_items(value: Any, rule: int, schema: dict, root: dict, path: str) -> list[str]:
    bad = isinstance(value, list) and len(value) < rule
    return [f"{path}: fewer than {rule} items"] if bad else []


def _max_items(value: Any, rule: int, schema: dict, root: dict, path: str) -> list[str]:
    bad = isinstance(value, list) and len(value) > rule
    return [f"{path}: more than {rule} items"] if bad else []


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _minimum(value: Any, rule: float, schema: dict, root: dict, path: str) -> list[str]:
    return [f"{path}: {value} is below {rule}"] if _number(value) and value < rule else []


def _maximum(value: Any, rule: float, schema: dict, root: dict, path: str) -> list[str]:
    return [f"{path}: {value} is above {rule}"] if _number(value) and value > rule else []


def _pattern(value: Any, rule: str, schema: dict, root: dict, path: str) -> list[str]:
    bad = isinstance(value, str) and re.search(rule, value) is None
    return [f"{path}: {value!r:.60} does not match {rule!r}"] if bad else []


def _any_of(value: Any, rule: list[dict], schema: dict, root: dict, path: str) -> list[str]:
    tried = [errors(value, sub, root, path) for sub in rule]
    if any(not e for e in tried):
        return []
    closest = min(tried, key=len)
    return [f"{path}: matches none of {len(rule)} alternatives; closest: {closest[0]}"]


def _ref(value: Any, rule: str, schema: dict, root: dict, path: str) -> list[str]:
    if not rule.startswith("#/"):
        raise ValueError(f"{path}: only local references are supported, not {rule!r}")
    target: Any = root
    for part in rule[2:].split("/"):
        target = target[part]
    return errors(value, target, root, path)


_CHECKS = {
    "type": _type, "const": _const, "enum": _enum, "properties": _properties,
    "required": _required, "additionalProperties": _additional, "items": _items,
    "prefixItems": _prefix, "minItems": _min_items, "maxItems": _max_items,
    "minimum": _minimum, "maximum": _maximum, "pattern": _pattern, "anyOf": _any_of,
    "$ref": _ref,
}  # fmt: skip
