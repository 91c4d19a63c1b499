"""The ``intrigue`` command (click): ``play``, ``engine`` (the protocol server), ``arena``, ``bench``,
``replay``.  Each subcommand lives in its own module and is imported only when used."""
