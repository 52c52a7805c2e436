from pptxagent.cli.main import main

main()
