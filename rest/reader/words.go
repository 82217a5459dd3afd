package reader

// words are the reader's own words in one language (the site's
// internationalization.locale); a page's content is never translated.
type words struct {
	Search, SearchPlaceholder, ResultsFor, NoMatch, TypeToSearch string
	Previous, Next, OnThisPage, Sections, Pages, PoweredBy       string
	Helpful, Yes, No, Navigation                                 string
}

var wordsByLocale = map[string]words{
	"en": {Search: "Search", SearchPlaceholder: "Search…", ResultsFor: "Results for", NoMatch: "No page matches.",
		TypeToSearch: "Type in the search box above.", Previous: "Previous", Next: "Next", OnThisPage: "On this page",
		Sections: "Sections", Pages: "Pages", PoweredBy: "Published with Folio", Helpful: "Was this page helpful?", Yes: "Yes", No: "No",
		Navigation: "Previous and next"},
	"fr": {Search: "Rechercher", SearchPlaceholder: "Rechercher…", ResultsFor: "Résultats pour", NoMatch: "Aucune page ne correspond.",
		TypeToSearch: "Saisissez votre recherche ci-dessus.", Previous: "Précédent", Next: "Suivant", OnThisPage: "Sur cette page",
		Sections: "Sections", Pages: "Pages", PoweredBy: "Publié avec Folio", Helpful: "Cette page vous a-t-elle été utile ?", Yes: "Oui", No: "Non",
		Navigation: "Précédent et suivant"},
	"de": {Search: "Suchen", SearchPlaceholder: "Suchen…", ResultsFor: "Ergebnisse für", NoMatch: "Keine Seite passt.",
		TypeToSearch: "Geben Sie oben einen Suchbegriff ein.", Previous: "Zurück", Next: "Weiter", OnThisPage: "Auf dieser Seite",
		Sections: "Bereiche", Pages: "Seiten", PoweredBy: "Veröffentlicht mit Folio", Helpful: "War diese Seite hilfreich?", Yes: "Ja", No: "Nein",
		Navigation: "Zurück und weiter"},
	"es": {Search: "Buscar", SearchPlaceholder: "Buscar…", ResultsFor: "Resultados para", NoMatch: "Ninguna página coincide.",
		TypeToSearch: "Escriba en el cuadro de búsqueda de arriba.", Previous: "Anterior", Next: "Siguiente", OnThisPage: "En esta página",
		Sections: "Secciones", Pages: "Páginas", PoweredBy: "Publicado con Folio", Helpful: "¿Le resultó útil esta página?", Yes: "Sí", No: "No",
		Navigation: "Anterior y siguiente"},
	"ja": {Search: "検索", SearchPlaceholder: "検索…", ResultsFor: "検索結果:", NoMatch: "一致するページはありません。",
		TypeToSearch: "上の検索ボックスに入力してください。", Previous: "前へ", Next: "次へ", OnThisPage: "このページの内容",
		Sections: "セクション", Pages: "ページ", PoweredBy: "Folio で公開", Helpful: "このページは役に立ちましたか？", Yes: "はい", No: "いいえ",
		Navigation: "前へと次へ"},
}

// localeWords are the words of a locale: GitBook's other locales (zh, nl,
// no, pt-br, ru) read in English until they have a table.
func localeWords(locale string) (string, words) {
	if w, ok := wordsByLocale[locale]; ok {
		return locale, w
	}
	return "en", wordsByLocale["en"]
}
