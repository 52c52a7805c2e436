"""The agent runtime: ToolRunner with audit, tools over the pipeline, bounded
planner / executor / critic (agentic-upgrade §4–§6, §8).

    runner = ToolRunner(REGISTRY, audit=store_callback)
    outcome = run_job(JobRequest(kind="fill", template=..., content=...), runner,
                      ToolContext(workdir, emit=event_callback))
"""

from pptxagent.agent.core import AuditRecord, Tool, ToolContext, ToolResult
from pptxagent.agent.job import JobOutcome, JobRequest, run_job
from pptxagent.agent.llmplan import LLMPlanner
from pptxagent.agent.research import FakeResearch, ResearchProvider
from pptxagent.agent.runner import ToolRunner, reset_engines, warm
from pptxagent.agent.tools_qa import REGISTRY

__all__ = ["REGISTRY", "AuditRecord", "FakeResearch", "JobOutcome", "JobRequest", "LLMPlanner",
           "ResearchProvider", "Tool", "ToolContext", "ToolResult", "ToolRunner", "reset_engines",
           "run_job", "warm"]
