"""The llm policy's prompt text, reply parsing and configuration (no network)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pptxagent.errors import InputError
from pptxagent.ir import Diagnostics, SlideIR, load
from pptxagent.policy.llm import LLMPolicy
from pptxagent.policy.prompt import CONTENT_CHARS, system_prompt, user_prompt
from pptxagent.policy.reply import ReplyError, parse_patch, reply_content
from pptxagent.settings import Settings

DATA = Path(__file__).parents[1] / "data" / "llm"
IR = load(SlideIR, DATA / "slide_ir.json")
DIAG = load(Diagnostics, DATA / "diag.json")


def test_system_prompt_states_schema_fix_order_budgets_and_rules() -> None:
    text = system_prompt(Settings(HIGH_PRIO_MOVE_PX=32))
    assert '{"edits": [{"eid"' in text and '"constraints": {"no_add_remove": true}' in text
    assert ("layout_topology → font_too_small → content_overflow → out_of_bounds → overlap"
            in text)
    assert "15%" in text and "32px" in text  # budgets follow the settings
    assert "owner_eid" in text and "chain_hints" in text and "validated" in text
    assert "no adding, removing" in text
    assert "priority ≥ 80: 20px" in text  # min fonts


def test_user_prompt_carries_slide_size_ir_and_diagnostics_as_json() -> None:
    text = user_prompt(IR, DIAG, iteration=2)
    assert "1280×720 px" in text and "Iteration 2" in text
    ir_part = text.split("Current IR:\n")[1].split("\n\nDiagnostics:")[0]
    diag_part = text.split("Diagnostics:\n")[1].split("\n\n")[0]
    ir_json, diag_json = json.loads(ir_part), json.loads(diag_part)
    assert [e["eid"] for e in ir_json["elements"]] == IR.eids()
    assert ir_json["elements"][2]["layout"]["h"] == 520
    assert diag_json["summary"]["chain_hints"][1]["suggested_y"] == 128


def test_user_prompt_cuts_long_text_and_marks_locked_elements() -> None:
    ir = IR.model_copy(deep=True)
    ir.elements[2].content = "x" * 5000
    data = ir.model_dump()
    data["elements"][1]["source"] = {"part": "ppt/slides/slide1.xml", "shape_id": 2,
                                     "repairable": False}
    text = user_prompt(SlideIR.model_validate(data), DIAG, iteration=0)
    assert "x" * CONTENT_CHARS + "… (+4600 chars)" in text
    assert '"locked": true' in text


@pytest.mark.parametrize("content", [
    '{"edits": [{"eid": "e_bullets_002", "layout": {"y": 128}}]}',
    'Here you go:\n```json\n{"edits": [{"eid": "e_bullets_002", "layout": {"y": 128}}]}\n```',
    'Sure. {"edits": [{"eid": "e_bullets_002", "layout": {"y": 128}}]} Done.',
])
def test_reply_json_is_found_bare_fenced_or_after_prose(content: str) -> None:
    patch = parse_patch(content, IR)
    assert patch.edits[0].eid == "e_bullets_002" and patch.edits[0].layout == {"y": 128}


def test_two_edits_of_one_element_are_merged() -> None:
    text = json.dumps({"edits": [{"eid": "e_bullets_002", "layout": {"y": 128}},
                                 {"eid": "e_bullets_002", "style": {"fontSize": 20}}]})
    [edit] = parse_patch(text, IR).edits
    assert edit.layout == {"y": 128} and edit.style == {"fontSize": 20}


@pytest.mark.parametrize(("reply", "problem"), [
    ("I would move it down.", "no JSON object"),
    ('{"patch": []}', 'no "edits" list'),
    ('{"edits": [{"eid": "e_nope", "layout": {"y": 1}}]}', "$.edits[0].eid: unknown eid 'e_nope'"),
    ('{"edits": [{"eid": "e_title_001", "layout": {"top": 1}}]}',
     "$.edits[0].layout.top: not editable"),
    ('{"edits": [{"eid": "e_title_001", "layout": {"y": "12"}}]}',
     "$.edits[0].layout.y: expected a number"),
    ('{"edits": [{"eid": "e_title_001", "layout": {"y": NaN}}]}',
     "$.edits[0].layout.y: expected a number"),
    ('{"edits": [{"eid": "e_title_001", "style": {"fontSize": 0}}]}',
     "$.edits[0].style.fontSize: must be > 0"),
    ('{"edits": [{"eid": "e_title_001", "style": {"color": "red"}}]}',
     "$.edits[0].style.color: not editable"),
    ('{"edits": [{"eid": "e_title_001", "layout": {"y": 1}, "delete": true}]}',
     "$.edits[0].delete"),
    ('{"edits": [], "constraints": {"no_add_remove": false}}', "no_add_remove: must be true"),
])
def test_invalid_replies_say_what_is_wrong(reply: str, problem: str) -> None:
    with pytest.raises(ReplyError) as err:
        parse_patch(reply, IR)
    assert problem in str(err.value)


def test_chat_answer_without_content_is_an_invalid_reply() -> None:
    with pytest.raises(ReplyError, match="choices"):
        reply_content({"error": {"message": "overloaded"}})
    with pytest.raises(ReplyError, match="empty"):
        reply_content({"choices": [{"message": {"content": "  "}}]})


ENV_NAMES = ("PPTXAGENT_LLM_BASE_URL", "PPTXAGENT_LLM_MODEL", "PPTXAGENT_LLM_API_KEY",
             "OPENAI_BASE_URL", "OPENAI_API_KEY")


@pytest.fixture()
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_from_env_reads_pptxagent_then_openai_variables(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("OPENAI_BASE_URL", "https://api.example.com/v1/")
    clean_env.setenv("OPENAI_API_KEY", "sk-openai")
    clean_env.setenv("PPTXAGENT_LLM_MODEL", "gpt-x")
    p = LLMPolicy.from_env()
    assert (p.endpoint, p.model, p.api_key) == (
        "https://api.example.com/v1/chat/completions", "gpt-x", "sk-openai")
    clean_env.setenv("PPTXAGENT_LLM_API_KEY", "sk-own")
    assert LLMPolicy.from_env(model="other").api_key == "sk-own"
    assert LLMPolicy.from_env(model="other").model == "other"


@pytest.mark.parametrize(("given", "missing"), [
    ({}, "PPTXAGENT_LLM_BASE_URL or OPENAI_BASE_URL"),
    ({"PPTXAGENT_LLM_BASE_URL": "http://localhost:1"}, "PPTXAGENT_LLM_MODEL"),
    ({"PPTXAGENT_LLM_BASE_URL": "http://localhost:1", "PPTXAGENT_LLM_MODEL": "m"},
     "PPTXAGENT_LLM_API_KEY or OPENAI_API_KEY"),
])
def test_from_env_names_the_missing_setting(
    clean_env: pytest.MonkeyPatch, given: dict[str, str], missing: str
) -> None:
    for k, v in given.items():
        clean_env.setenv(k, v)
    with pytest.raises(InputError, match=missing):
        LLMPolicy.from_env()


def test_non_http_base_url_is_refused() -> None:
    with pytest.raises(InputError, match="file:///etc"):
        LLMPolicy("file:///etc", "m", "k")
