// Court Piece (Rang) for players, from the rules (seed 001, the simple game; seed 003, courts).
export default {
  en: {
    title: "Court Piece (Rang)",
    intro: "Four players in two teams, partners facing each other. Name trump from your first five cards, then race with your partner to seven tricks.",
    sections: [
      {
        h: "Cards and deal",
        p: [
          "A 52-card pack, ace high, 2 low, no jokers. Each player first gets 5 cards.",
          "The player next to the dealer is the trump caller: he looks at his 5 cards only and must name a trump suit (♠ ♥ ♦ ♣; no pass, no no-trumps). Then everyone receives 8 more cards, 13 in all.",
        ],
        examples: [
          {
            rows: [["", ["AS", "KH", "QH", "9H", "7H"]]],
            text: "Your first five: A♠ K♥ Q♥ 9♥ 7♥. Name hearts, not spades: four hearts with eight cards to come promise a long trump suit, and the lone A♠ wins a trick anyway.",
          },
        ],
      },
      {
        h: "Playing a trick",
        p: [
          "The trump caller leads the first trick; the winner of each trick leads the next.",
          "Follow the suit led if you can. If you cannot, play any card: trumping is allowed but never compulsory, nor is over-trumping.",
          "The highest trump wins the trick; if no trump was played, the highest card of the suit led wins. A card of another suit never wins.",
        ],
        examples: [
          { rows: [["Trump ♥", ["AS", "TS", "4S", "7S"]]], win: "AS", text: "A♠ led, everyone follows: no trump played, the A♠ wins." },
          { rows: [["Trump ♥", ["KD", "QD", "2H", "AD"]]], win: "2H", text: "K♦ led; a player with no diamonds plays the 2♥: any trump beats every other suit." },
          { rows: [["Trump ♠", ["5H", "AC", "KD", "2H"]]], win: "5H", text: "5♥ led: the A♣ and K♦ are of other suits and cannot win; the 5♥ does." },
          { rows: [["♥ led, you hold", ["8H", "QS", "2C"]]], win: "8H", text: "You hold a heart, so the 8♥ is your only legal card." },
        ],
      },
      {
        h: "The simple game: first to seven tricks",
        p: [
          "As soon as a team wins its 7th trick, the deal stops and that team scores 1 point; the remaining cards are not played.",
          "If the other team has no trick at all at that moment, play goes on: taking all 13 tricks is a Bavney, worth 2 points. The first trick the other team wins ends the deal at 1 point.",
          "The dealer changes one seat each deal, whoever won. The first team to the target (5 points unless the table says otherwise, from 3 to 15) wins the game.",
        ],
        table: [
          ["7th trick while the others have at least one", "1 point"],
          ["7–0, then the others win a trick", "1 point"],
          ["All 13 tricks (Bavney)", "2 points"],
        ],
      },
      {
        h: "The classic game: courts",
        p: [
          "In the classic variant, play goes to the right (anticlockwise) and the deal always stops at a team's 7th trick.",
          "Winning the first seven tricks of a deal scores a court at once. Otherwise the winning team adds one to its series of deals won in a row, and the other team's series drops to zero; a series of seven scores a court. Any court sets both series back to zero.",
          "The dealer always belongs to the team that lost the last deal. A session has a fixed length in deals or minutes; the team with more courts at the end wins.",
        ],
      },
    ],
  },
  fr: {
    title: "Court Piece (Rang)",
    intro: "Quatre joueurs en deux camps, les partenaires face à face. Nommez l'atout sur vos cinq premières cartes, puis courez avec votre partenaire vers sept plis.",
    sections: [
      {
        h: "Cartes et donne",
        p: [
          "Un jeu de 52 cartes, l'as en haut, le 2 en bas, sans joker. Chacun reçoit d'abord 5 cartes.",
          "Le joueur à côté du donneur nomme l'atout : il regarde ses 5 cartes seulement et doit nommer une couleur d'atout (♠ ♥ ♦ ♣ ; ni passe, ni sans-atout). Puis chacun reçoit 8 cartes de plus, 13 en tout.",
        ],
        examples: [
          {
            rows: [["", ["AS", "KH", "QH", "9H", "7H"]]],
            text: "Vos cinq premières cartes : A♠ R♥ D♥ 9♥ 7♥. Nommez cœur, pas pique : 4 cœurs avec 8 cartes encore à venir promettent un long atout, et l'A♠ isolé gagne un pli de toute façon.",
          },
        ],
      },
      {
        h: "Jouer un pli",
        p: [
          "Celui qui a nommé l'atout entame le premier pli ; le gagnant de chaque pli entame le suivant.",
          "Fournissez la couleur demandée si vous le pouvez. Sinon, jouez n'importe quelle carte : couper est permis mais jamais obligatoire, surcouper non plus.",
          "Le plus fort atout gagne le pli ; si aucun atout n'est joué, la plus forte carte de la couleur demandée l'emporte. Une carte d'une autre couleur ne gagne jamais.",
        ],
        examples: [
          { rows: [["Atout ♥", ["AS", "TS", "4S", "7S"]]], win: "AS", text: "A♠ entamé, tout le monde fournit : aucun atout joué, l'A♠ gagne." },
          { rows: [["Atout ♥", ["KD", "QD", "2H", "AD"]]], win: "2H", text: "R♦ entamé ; un joueur sans carreau joue le 2♥ : n'importe quel atout bat toutes les autres couleurs." },
          { rows: [["Atout ♠", ["5H", "AC", "KD", "2H"]]], win: "5H", text: "5♥ entamé : l'A♣ et le R♦ sont d'autres couleurs et ne peuvent pas gagner ; le 5♥ gagne." },
          { rows: [["♥ demandé, vous avez", ["8H", "QS", "2C"]]], win: "8H", text: "Vous avez un cœur : le 8♥ est votre seule carte permise." },
        ],
      },
      {
        h: "Le jeu simple : le premier à sept plis",
        p: [
          "Dès qu'un camp remporte son 7e pli, la donne s'arrête et ce camp marque 1 point ; les cartes restantes ne sont pas jouées.",
          "Si l'autre camp n'a encore aucun pli à ce moment, on continue : remporter les 13 plis est un Bavney, qui vaut 2 points. Le premier pli gagné par l'autre camp clôt la donne à 1 point.",
          "Le donneur change d'une place à chaque donne, quel que soit le gagnant. Le premier camp à l'objectif (5 points sauf réglage de la table, de 3 à 15) gagne la partie.",
        ],
        table: [
          ["7e pli alors que les autres en ont au moins un", "1 point"],
          ["7 à 0, puis les autres gagnent un pli", "1 point"],
          ["Les 13 plis (Bavney)", "2 points"],
        ],
      },
      {
        h: "Le jeu classique : les courts",
        p: [
          "Dans la variante classique, on joue vers la droite (sens inverse des aiguilles d'une montre) et la donne s'arrête toujours au 7e pli d'un camp.",
          "Gagner les sept premiers plis d'une donne marque aussitôt un court. Sinon, le camp gagnant ajoute un à sa série de donnes gagnées d'affilée et la série de l'autre camp retombe à zéro ; une série de sept marque un court. Tout court remet les deux séries à zéro.",
          "Le donneur est toujours du camp qui a perdu la dernière donne. Une séance a une durée fixée en donnes ou en minutes ; le camp qui a le plus de courts à la fin gagne.",
        ],
      },
    ],
  },
};
