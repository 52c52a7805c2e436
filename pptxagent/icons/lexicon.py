"""Business words → the Lucide icon a designer would draw for them.

Lucide's own tags describe the drawing ("arrow", "chart", "dollar"); decks speak of revenue,
hiring and risk. A word here outweighs any name or tag match (``icons.LEXICON_WEIGHT``).
Each entry: icon name → the words (any form: they are stemmed as the item's words are)."""

from __future__ import annotations

LEXICON: dict[str, str] = {
    "trending-up": "growth grow grows growing increase increases rise rising gain gains "
                   "improve improvement uplift upside momentum",
    "trending-down": "decline declines decrease drop drops fall falling churn loss losses "
                     "downturn",
    "circle-dollar-sign": "revenue revenues income sales sale turnover arr mrr earnings "
                          "profit profits monetise monetize",
    "coins": "cost costs spend spending budget budgets expense expenses saving savings cash",
    "piggy-bank": "save invest investment investments funding fund",
    "tag": "price prices pricing discount discounts offer",
    "receipt": "invoice invoices billing bill payment payments",
    "wallet": "wallet purse account accounts",
    "landmark": "bank banks finance financial regulator regulation government",
    "scale": "legal law compliance fair balance contract contracts",
    "users": "customers customer client clients users people community audience members "
             "team teams staff employees workforce",
    "user-plus": "hire hires hiring recruit recruiting recruitment onboard onboarding join "
                 "joiners headcount talent",
    "handshake": "partner partners partnership partnerships deal deals agreement alliance "
                 "collaborate collaboration",
    "store": "market markets marketplace retail shop shops mid-market smb",
    "globe": "global world international region regions regional country countries expansion "
             "expand worldwide residency",
    "map": "roadmap plan plans planning route strategy",
    "target": "goal goals target targets objective objectives aim focus priority priorities "
              "win",
    "trophy": "award awards winner winning champion best achievement",
    "rocket": "launch launches launching startup accelerate acceleration scale scaling "
              "rollout",
    "zap": "fast faster speed quick quickly instant performance energy power",
    "clock": "time hour hours deadline schedule pace timing halve",
    "calendar": "date dates calendar quarter quarterly month monthly annual yearly event "
                "events",
    "shield-check": "security secure safe safety protect protection privacy trust sso "
                    "sign-on",
    "lock": "permission permissions access role roles lock private confidential",
    "key": "key keys credential credentials password",
    "triangle-exclamation-point": "risk risks warning issue issues problem problems threat threats "
                      "concentration exposure",
    "database": "data database storage records warehouse",
    "cloud": "cloud saas hosting hosted",
    "server": "infrastructure server servers platform",
    "code": "api apis code developer developers engineering engineer engineers software "
            "integration integrations",
    "plug": "connect connector connectors plugin",
    "upload": "import imports upload bulk migrate migration",
    "download": "export exports download",
    "settings": "setup settings configure configuration custom customise customize "
                "operations operational process",
    "wrench": "fix repair maintenance tool tools build",
    "clipboard-check": "audit audits review reviews checklist inspection approve approval "
                       "logs",
    "badge-check": "quality certified certification standard standards verified",
    "gauge": "score scores kpi metric metrics measure benchmark nps promoter efficiency",
    "chart-column": "report reports reporting analytics dashboard statistics results",
    "chart-pie": "share split segment segments allocation portfolio",
    "lightbulb": "idea ideas innovation innovate insight insights learn learning lesson "
                 "lessons learnt",
    "graduation-cap": "training education course courses skills school",
    "headphones": "support helpdesk service call calls",
    "life-buoy": "help rescue recovery resilience",
    "message-square": "feedback comment comments chat message messages conversation",
    "mail": "email emails newsletter inbox",
    "megaphone": "marketing campaign campaigns brand advertising announce announcement",
    "heart": "health care wellbeing love loyalty satisfaction happy",
    "leaf": "sustainability sustainable green environment climate carbon esg",
    "factory": "manufacturing production factory plant supplier suppliers supply",
    "truck": "delivery deliveries shipping logistics transport distribution",
    "package": "product products package packages inventory stock",
    "shopping-cart": "purchase purchases buy buying checkout order orders ecommerce "
                     "e-commerce",
    "building": "office offices company companies enterprise corporate headquarters",
    "briefcase": "business work job jobs career professional",
    "file-text": "document documents policy policies contract paper",
    "search": "search research discover discovery explore find",
    "eye": "visibility transparency view insight monitor monitoring",
    "refresh-cw": "renewal renewals renew recurring retention repeat cycle iterate",
    "circle-check": "done complete completed success successful approved finished outcome "
                    "outcomes",
    "circle-x": "cancel cancelled fail failure reject",
    "sparkles": "ai automation automate magic new feature features",
    "cpu": "computing compute hardware chip machine",
    "smartphone": "mobile app apps phone",
    "monitor": "desktop screen display website web",
    "git-branch": "version branch release releases",
    "layers": "layer layers stack architecture",
    "network": "network networks distributed",
    "puzzle": "fit component components modular module modules",
    "scissors": "cut cuts reduce reduction simplify",
    "hourglass": "wait waiting latency delay delays backlog",
    "flag": "milestone milestones start begin kickoff",
    "compass": "direction vision mission orientation",
    "mountain": "challenge challenges ambition",
    "map-pin": "location locations site sites local city",
    "earth": "planet",
    "scale-3d": "dimension",
}
"""Every key is a Lucide icon name (a test pins that)."""
