from ludotheque.cli.main import main

main()
