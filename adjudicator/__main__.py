from adjudicator.launch import main

main()
