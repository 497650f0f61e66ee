// Contract bridge for players, from the rules (seed 004).
export default {
  en: {
    title: "Contract Bridge",
    intro: "Four players: North and South against East and West. An auction decides the contract; declarer then plays both his hand and his partner's, laid face up as dummy.",
    sections: [
      {
        h: "The auction",
        p: [
          "Each player gets 13 cards. Starting with the dealer and going clockwise, each player passes, bids, doubles or redoubles. A bid names a number of tricks above six (1 to 7) and a trump suit or no-trumps (NT); each bid must be higher than the last: a higher level, or the same level in a higher strain (♣ ♦ ♥ ♠ NT).",
          "Three passes after a bid end the auction. Of the side that won it, the player who first named the contract's strain is declarer. Four passes at the start: the deal is passed out.",
        ],
        list: ["1♣ P 1♥ P 2♥ P 4♥ P P P: the contract is 4♥, and declarer is the player who bid hearts first."],
      },
      {
        h: "The play",
        p: [
          "The player on declarer's left leads; then dummy's hand is laid face up and declarer plays it. Follow suit if you can; otherwise play anything. The highest trump wins, else the highest card of the suit led. The winner leads the next trick.",
        ],
        examples: [{ rows: [["Trump ♥", ["KD", "AD", "2H", "QD"]]], win: "2H", text: "A player with no diamonds trumps with the 2♥ and wins." }],
      },
      {
        h: "Scoring",
        list: [
          "Tricks bid and made count below the line: 20 each in ♣ ♦, 30 each in ♥ ♠, 40 for the first in NT then 30. Doubled ×2, redoubled ×4.",
          "100 below the line makes a game; two games win the rubber (700 bonus, or 500 if the other side has a game).",
          "Overtricks, slams (12 or 13 tricks bid and made), honours and penalties for failed contracts count above the line. A vulnerable side (one with a game) gains and loses more.",
        ],
      },
    ],
  },
  fr: {
    title: "Bridge contrat",
    intro: "Quatre joueurs : Nord et Sud contre Est et Ouest. Des enchères fixent le contrat ; le déclarant joue ensuite sa main et celle de son partenaire, étalée face visible : le mort.",
    sections: [
      {
        h: "Les enchères",
        p: [
          "Chacun reçoit 13 cartes. En commençant par le donneur et dans le sens des aiguilles d'une montre, chacun passe, enchérit, contre ou surcontre. Une enchère nomme un nombre de plis au-delà de six (1 à 7) et une couleur d'atout ou sans-atout (SA) ; chaque enchère doit dépasser la précédente : un palier plus haut, ou le même palier dans une dénomination plus haute (♣ ♦ ♥ ♠ SA).",
          "Trois passes après une enchère closent les enchères. Dans le camp qui les remporte, le joueur qui a nommé le premier la dénomination du contrat est le déclarant. Quatre passes d'entrée : la donne est passée.",
        ],
        list: ["1♣ P 1♥ P 2♥ P 4♥ P P P : le contrat est 4♥, et le déclarant est le joueur qui a nommé cœur le premier."],
      },
      {
        h: "Le jeu de la carte",
        p: [
          "Le joueur à gauche du déclarant entame ; puis la main du mort est étalée et le déclarant la joue. Fournissez la couleur si vous le pouvez ; sinon jouez ce que vous voulez. Le plus fort atout gagne, sinon la plus forte carte de la couleur demandée. Le gagnant entame le pli suivant.",
        ],
        examples: [{ rows: [["Atout ♥", ["KD", "AD", "2H", "QD"]]], win: "2H", text: "Un joueur sans carreau coupe du 2♥ et gagne." }],
      },
      {
        h: "La marque",
        list: [
          "Les plis demandés et réussis se marquent sous la ligne : 20 chacune à ♣ ♦, 30 à ♥ ♠, 40 pour la première à SA puis 30. Contré ×2, surcontré ×4.",
          "100 sous la ligne font une manche ; deux manches gagnent le robre (prime de 700, ou 500 si l'autre camp a une manche).",
          "Les plis de mieux, les chelems (12 ou 13 plis demandés et réussis), les honneurs et les pénalités des contrats chutés se marquent au-dessus de la ligne. Un camp vulnérable (qui a une manche) gagne et perd davantage.",
        ],
      },
    ],
  },
};
