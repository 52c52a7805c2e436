"""``pptxagent eval``: the golden-set evaluator and release gate (issue 35): ``run`` makes
every case on the batch's worker pool, ``judge`` draws each deck in LibreOffice and checks it,
``score`` gives acceptance, lies, metrics and the gate, ``output`` writes the results and the
review page, ``review`` serves that page and saves the marks."""
