"""The agent runtime: ToolRunner with audit, tools over the pipeline, bounded
planner / executor / critic."""
