// Five Hundred for players, from the rules (seed 002).
export default {
  en: {
    title: "Five Hundred",
    intro: "Four players in two teams, partners facing each other. Bid for the right to name trump, take the kitty, and make your bid: the first team to 500 wins.",
    sections: [
      {
        h: "Cards",
        p: [
          "43 cards: the 52-card pack without the 2s, the 3s and the black 4s, plus one joker.",
          "In a trump contract the trumps rank: joker, the jack of trumps (right bower), the other jack of the same colour (left bower), then A K Q 10 9 8 7 6 5 (4). The joker and the left bower belong to the trump suit for every purpose.",
        ],
        examples: [
          { rows: [["Trump ♠", ["9S", "JC", "AS", "JK"]]], win: "JK", text: "The joker is the highest trump. Without it, the J♣ (left bower) would beat the A♠." },
          { rows: [["Trump ♥", ["JD", "AH", "JH", "KD"]]], win: "JH", text: "The J♦ is a trump (left bower), so trumps were led; the J♥, right bower, wins." },
        ],
      },
      {
        h: "Deal and bidding",
        p: [
          "Each player gets 10 cards; 3 go face down to the kitty. Starting left of the dealer, each player passes or bids a number of tricks (6 to 10) and a trump suit or no-trumps. Each bid must be worth more than the last (table below). A player who has passed may not bid again.",
          "When three players have passed, the last bidder is the contractor. If everyone passes, the cards are thrown in and the next player deals.",
        ],
        table: [
          ["Tricks", "♠ ♣ ♦ ♥ NT"],
          ["6", "40 60 80 100 120"],
          ["7", "140 160 180 200 220"],
          ["8", "240 260 280 300 320"],
          ["9", "340 360 380 400 420"],
          ["10", "440 460 480 500 520"],
        ],
      },
      {
        h: "Kitty and play",
        p: [
          "The contractor takes the kitty, discards any 3 cards and leads. Follow suit if you can (the joker and left bower count as trumps); otherwise play anything. The highest trump wins, else the highest card of the suit led.",
          "In no-trumps the joker is the only trump and wins any trick it is played to. Its holder may play it only when he cannot follow, or lead it and name the suit the others must follow.",
        ],
      },
      {
        h: "Scoring",
        list: [
          "Contract made: the bid's value (no extra for overtricks). All 10 tricks on a bid worth less than 250 score 250.",
          "Contract failed: the bid's value is subtracted.",
          "The defenders score 10 for each trick they take.",
          "A team at 500 or more wins; a team at −500 or less loses. If both reach 500 in the same hand, the contractors win.",
        ],
        p: ["8♥ bid, 9 tricks won: contractors +300, defenders +10 for their one trick."],
      },
    ],
  },
  fr: {
    title: "Cinq Cents",
    intro: "Quatre joueurs en deux camps, les partenaires face à face. Enchérissez pour nommer l'atout, prenez le talon et réussissez votre contrat : le premier camp à 500 gagne.",
    sections: [
      {
        h: "Les cartes",
        p: [
          "43 cartes : le jeu de 52 sans les 2, les 3 et les 4 noirs, plus un joker.",
          "Dans un contrat à l'atout, les atouts se classent : joker, valet d'atout (bower droit), l'autre valet de même couleur (bower gauche), puis A R D 10 9 8 7 6 5 (4). Le joker et le bower gauche sont des atouts à tous égards.",
        ],
        examples: [
          { rows: [["Atout ♠", ["9S", "JC", "AS", "JK"]]], win: "JK", text: "Le joker est le plus fort atout. Sans lui, le V♣ (bower gauche) battrait l'A♠." },
          { rows: [["Atout ♥", ["JD", "AH", "JH", "KD"]]], win: "JH", text: "Le V♦ est un atout (bower gauche) : c'est donc atout qui est demandé ; le V♥, bower droit, gagne." },
        ],
      },
      {
        h: "Donne et enchères",
        p: [
          "Chacun reçoit 10 cartes ; 3 vont face cachée au talon. En commençant à gauche du donneur, chacun passe ou annonce un nombre de plis (6 à 10) et une couleur d'atout ou sans-atout. Chaque enchère doit valoir plus que la précédente (tableau ci-dessous). Qui a passé ne peut plus enchérir.",
          "Quand trois joueurs ont passé, le dernier enchérisseur est le déclarant. Si tout le monde passe, les cartes sont ramassées et le joueur suivant donne.",
        ],
        table: [
          ["Plis", "♠ ♣ ♦ ♥ SA"],
          ["6", "40 60 80 100 120"],
          ["7", "140 160 180 200 220"],
          ["8", "240 260 280 300 320"],
          ["9", "340 360 380 400 420"],
          ["10", "440 460 480 500 520"],
        ],
      },
      {
        h: "Talon et jeu",
        p: [
          "Le déclarant prend le talon, écarte 3 cartes au choix et entame. Fournissez la couleur si vous le pouvez (le joker et le bower gauche comptent comme atouts) ; sinon jouez ce que vous voulez. Le plus fort atout gagne, sinon la plus forte carte de la couleur demandée.",
          "À sans-atout, le joker est le seul atout et gagne tout pli où il est joué. Son détenteur ne peut le jouer que s'il ne peut pas fournir, ou en l'entamant et en nommant la couleur que les autres doivent fournir.",
        ],
      },
      {
        h: "Décompte",
        list: [
          "Contrat réussi : la valeur de l'enchère (rien de plus pour les plis en trop). Les 10 plis sur une enchère de moins de 250 valent 250.",
          "Contrat chuté : la valeur de l'enchère est retirée.",
          "Les défenseurs marquent 10 par pli qu'ils remportent.",
          "Un camp à 500 ou plus gagne ; un camp à −500 ou moins perd. Si les deux atteignent 500 dans la même donne, le déclarant gagne.",
        ],
        p: ["Enchère 8♥, 9 plis réalisés : déclarants +300, défenseurs +10 pour leur pli."],
      },
    ],
  },
};
