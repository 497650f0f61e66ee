// Court Circular for players, from Lewis Carroll's rules for two (seed 000).
export default {
  en: {
    title: "Court Circular",
    intro: "Lewis Carroll's game for two. No suit to follow, no trump: each trick, both of you put down three cards and the better line wins.",
    sections: [
      {
        h: "Deal",
        p: [
          "A 52-card pack. The dealer, the same for the whole game, gives 6 cards to each player one at a time and turns the 13th face up: the Lead. The rest is the stock.",
          "The other player is first-hand: he plays first.",
        ],
      },
      {
        h: "A trick",
        p: [
          "First-hand puts down a card face up, then the other player, in turn, until each has put down 3 cards. Any card may be played.",
          "A player who has already put down a card may concede the trick on his turn, instead of playing, as long as nobody has put down 3 cards and the stock is not empty. The other player wins the trick.",
        ],
      },
      {
        h: "Lines",
        p: [
          "A line is 2 or 3 of your own cards in this trick that go together, with or without the Lead. Best first:",
        ],
        table: [
          ["Class I: the Lead and 2 or 3 of your cards", "Trio (same rank) · Sequence (consecutive ranks, the Lead at one end) · Sympathy (all hearts) · Court (all kings, queens, jacks)"],
          ["Class II: your 3 cards, without the Lead", "Trio · Sequence · Sympathy · Court"],
          ["Class III: 2 of your cards, without the Lead", "Pair (same rank) · Valentine (2 hearts) · Etiquette (2 court cards)"],
        ],
        list: [
          "Any class I line beats any class II line, which beats any class III line. Within a class the kinds rank as listed.",
          "A line of 4 cards beats a line of 3 of the same kind; between two lines of the same kind and size, the one with the best card of your own wins.",
          "In a sequence the suits do not matter; the ace may be low (A-2-3) or high (Q-K-A), but K-A-2 is no sequence.",
          "If neither player has a line, the best card played wins. Hearts are the best cards, ace down to 2; then the other cards by rank, and at equal rank ♦ beats ♣ beats ♠.",
        ],
        examples: [
          { rows: [["Lead", ["5H"]], ["A", ["6H", "7H", "2C"]], ["B", ["KS", "KD", "KC"]]], win: "6H", text: "A: Sequence 5-6-7 with the Lead (class I). B: Trio of his own three kings (class II). A wins: class I beats class II." },
          { rows: [["Lead", ["9C"]], ["A", ["9D", "9S", "2H"]], ["B", ["TC", "JH", "QD"]]], win: "9D", text: "A: Trio with the Lead. B: Sequence of 4, 9-10-J-Q. A wins: a Trio beats a Sequence, even of 4." },
          { rows: [["Lead", ["3H"]], ["A", ["9H", "4H", "KS"]], ["B", ["QH", "2H", "8C"]]], win: "QH", text: "Both have a Sympathy of 3 with the Lead. B wins: his Q♥ is better than A's 9♥." },
          { rows: [["Lead", ["2C"]], ["A", ["AS", "9D", "5C"]], ["B", ["AD", "7S", "4C"]]], win: "AD", text: "No line on either side: the best card wins, the A♦ (♦ beats ♠ at equal rank)." },
          { rows: [["Lead", ["8D"]], ["A", ["7C", "9S", "2H"]], ["B", ["9H", "TC", "3S"]]], win: "9H", text: "A's 7-8-9 puts the Lead in the middle: no line. B has 8-9-10 with the Lead at the end: B wins." },
        ],
      },
      {
        h: "After the trick",
        p: [
          "The winner chooses the new Lead among the cards on the table (not the old Lead) and takes all the other cards: face up if he played first in that trick, face down otherwise.",
          "The winner plays first in the next trick. The dealer then gives one card at a time, starting with the winner, until both hands hold 6 again or the stock runs out.",
          "The first trick that begins with an empty stock is the last: nobody may concede, and its winner takes every card left, on the table and in both hands.",
        ],
      },
      {
        h: "Scoring",
        table: [
          ["Each card won face up", "2 points"],
          ["Each card won face down", "1 point"],
          ["Each heart won", "+1"],
          ["Each king, queen or jack won", "+1"],
        ],
        p: [
          "A face-up Q♥ is worth 2 + 1 + 1 = 4. The player with the higher total scores the difference; the other scores nothing. A game goes to 20 or 50 points.",
        ],
      },
    ],
  },
  fr: {
    title: "Court Circular",
    intro: "Le jeu à deux de Lewis Carroll. Pas de couleur à fournir, pas d'atout : à chaque pli, chacun pose trois cartes et la meilleure ligne l'emporte.",
    sections: [
      {
        h: "Distribution",
        p: [
          "Un jeu de 52 cartes. Le donneur, le même pour toute la partie, distribue 6 cartes à chacun, une par une, et retourne la 13e face visible : la carte de Tête. Le reste forme le talon.",
          "L'autre joueur entame : il joue en premier.",
        ],
      },
      {
        h: "Un pli",
        p: [
          "Celui qui entame pose une carte face visible, puis l'autre, à tour de rôle, jusqu'à ce que chacun ait posé 3 cartes. Toute carte peut être jouée.",
          "Un joueur qui a déjà posé une carte peut abandonner le pli à son tour, au lieu de jouer, tant que personne n'a posé 3 cartes et que le talon n'est pas vide. L'autre joueur remporte le pli.",
        ],
      },
      {
        h: "Les lignes",
        p: ["Une ligne, ce sont 2 ou 3 de vos cartes posées dans ce pli qui vont ensemble, avec ou sans la Tête. De la meilleure à la moins bonne :"],
        table: [
          ["Classe I : la Tête et 2 ou 3 de vos cartes", "Trio (même rang) · Séquence (rangs qui se suivent, la Tête à un bout) · Sympathie (tout en cœur) · Cour (que des rois, dames, valets)"],
          ["Classe II : vos 3 cartes, sans la Tête", "Trio · Séquence · Sympathie · Cour"],
          ["Classe III : 2 de vos cartes, sans la Tête", "Paire (même rang) · Valentin (2 cœurs) · Étiquette (2 figures)"],
        ],
        list: [
          "Toute ligne de classe I bat toute ligne de classe II, qui bat toute ligne de classe III. Dans une classe, les genres se classent dans l'ordre ci-dessus.",
          "Une ligne de 4 cartes bat une ligne de 3 du même genre ; entre deux lignes de même genre et de même taille, celle qui contient la meilleure de vos cartes l'emporte.",
          "Dans une séquence les couleurs ne comptent pas ; l'as peut être bas (A-2-3) ou haut (D-R-A), mais R-A-2 n'est pas une séquence.",
          "Si personne n'a de ligne, la meilleure carte posée gagne. Les cœurs sont les meilleures cartes, de l'as au 2 ; puis les autres cartes par rang, et à rang égal ♦ bat ♣ qui bat ♠.",
        ],
        examples: [
          { rows: [["Tête", ["5H"]], ["A", ["6H", "7H", "2C"]], ["B", ["KS", "KD", "KC"]]], win: "6H", text: "A : Séquence 5-6-7 avec la Tête (classe I). B : Trio de ses trois rois (classe II). A gagne : la classe I bat la classe II." },
          { rows: [["Tête", ["9C"]], ["A", ["9D", "9S", "2H"]], ["B", ["TC", "JH", "QD"]]], win: "9D", text: "A : Trio avec la Tête. B : Séquence de 4, 9-10-V-D. A gagne : un Trio bat une Séquence, même de 4." },
          { rows: [["Tête", ["3H"]], ["A", ["9H", "4H", "KS"]], ["B", ["QH", "2H", "8C"]]], win: "QH", text: "Chacun a une Sympathie de 3 avec la Tête. B gagne : sa D♥ vaut mieux que le 9♥ de A." },
          { rows: [["Tête", ["2C"]], ["A", ["AS", "9D", "5C"]], ["B", ["AD", "7S", "4C"]]], win: "AD", text: "Aucune ligne de part et d'autre : la meilleure carte gagne, l'A♦ (♦ bat ♠ à rang égal)." },
          { rows: [["Tête", ["8D"]], ["A", ["7C", "9S", "2H"]], ["B", ["9H", "TC", "3S"]]], win: "9H", text: "Le 7-8-9 de A met la Tête au milieu : pas de ligne. B a 8-9-10, la Tête à un bout : B gagne." },
        ],
      },
      {
        h: "Après le pli",
        p: [
          "Le gagnant choisit la nouvelle Tête parmi les cartes de la table (sauf l'ancienne Tête) et ramasse toutes les autres : face visible s'il avait entamé ce pli, face cachée sinon.",
          "Le gagnant entame le pli suivant. Le donneur distribue alors une carte à la fois, en commençant par le gagnant, jusqu'à ce que chacun ait de nouveau 6 cartes ou que le talon soit épuisé.",
          "Le premier pli qui commence talon vide est le dernier : personne ne peut abandonner, et son gagnant ramasse toutes les cartes restantes, sur la table et dans les deux mains.",
        ],
      },
      {
        h: "Décompte",
        table: [
          ["Chaque carte gagnée face visible", "2 points"],
          ["Chaque carte gagnée face cachée", "1 point"],
          ["Chaque cœur gagné", "+1"],
          ["Chaque roi, dame ou valet gagné", "+1"],
        ],
        p: [
          "Une D♥ face visible vaut 2 + 1 + 1 = 4. Celui qui a le plus haut total marque la différence ; l'autre ne marque rien. Une partie se joue en 20 ou 50 points.",
        ],
      },
    ],
  },
};
