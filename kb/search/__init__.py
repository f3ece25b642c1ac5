"""Judge search: an index over the whole knowledge base, and the judge's view (``rulekb ask``) on top.

Build (``indexer``): every graph node, ruling and scenario result becomes an entry (``documents``), with
the CR rules each rulebook passage corresponds to (``crosslang``); the entries are inverted with Whoosh's
analyzers (``analysis``) into postings and stored fields (``postings``), written with the site's copy of
them (``site_index``: the browser runs the same ranking, ``assets/rulekb/search.js``) into a new generation
under ``.rulekb/index/``, swapped in atomically (``store``). Search (``engine``): rule numbers jump
(``query``), plain questions are scored from the postings with Whoosh's BM25F, Whoosh's query language is
parsed by Whoosh and evaluated over the same postings (``evaluator``), unknown words get a fuzzy pass (``fuzzy``) that leaves real English and German words alone (``lexicon``), synonyms come from
``kb/data/synonyms.yaml`` (``synonyms``). A German question is searched twice: as written, over the German
texts (compounds the index lacks split into known words, verb forms also read as their infinitives:
``analysis``), and translated word by word into the CR's English (the file's ``translations``); a rule
reached both directly and through a matching passage, ruling or scenario ranks above one reached once.
The search path never loads the rule graph.
"""
