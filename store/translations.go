package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// TranslationLanguages are the language codes translation settings accept
// (TranslationLanguage in the reference document).
var TranslationLanguages = []string{
	"en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko", "ar", "hi", "nl",
	"pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id", "ms", "he", "uk", "sk",
	"bg", "hr", "lt", "lv", "et", "sl",
}

// TranslationSettings is a titled set of target languages of an organization.
type TranslationSettings struct {
	bun.BaseModel `bun:"table:translation_settings,alias:tr"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	Title          string    `bun:"title"`
	Languages      []string  `bun:"languages,array"`
	CreatedAt      time.Time `bun:"created_at"`
	UpdatedAt      time.Time `bun:"updated_at"`
}

// languages normalises a list of language codes (lower case, each once, in
// the order given) and checks each against TranslationLanguages.
func languages(in []string) ([]string, error) {
	out := make([]string, 0, len(in))
	for _, l := range in {
		l = strings.ToLower(strings.TrimSpace(l))
		if !slices.Contains(TranslationLanguages, l) {
			return nil, domain.Invalid("languages", "%q is not a supported language code", l)
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out, nil
}

// ListTranslationSettings lists an organization's translation settings, oldest first.
func (s *Store) ListTranslationSettings(ctx context.Context, orgID string, args PageArgs) (Page[TranslationSettings], error) {
	q := s.DB.NewSelect().Model((*TranslationSettings)(nil)).Where("tr.organization_id = ?", orgID)
	return listPage(ctx, s, q, keyset{name: "translations", cols: []string{"tr.created_at", "tr.id"}}.in(orgID), args,
		func(t *TranslationSettings) []any { return []any{t.CreatedAt, t.ID} })
}

// TranslationSetting loads translation settings of an organization; NOT_FOUND otherwise.
func (s *Store) TranslationSetting(ctx context.Context, orgID, id string) (*TranslationSettings, error) {
	t := new(TranslationSettings)
	err := s.DB.NewSelect().Model(t).Where("tr.organization_id = ? AND tr.id = ?", orgID, id).Scan(ctx)
	return t, dbError(err, "translation settings")
}

// CreateTranslationSettings creates translation settings; INVALID for an unknown language.
func (s *Store) CreateTranslationSettings(ctx context.Context, orgID, title string, langs []string) (*TranslationSettings, error) {
	langs, err := languages(langs)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	t := &TranslationSettings{ID: domain.NewID(), OrganizationID: orgID, Title: title, Languages: langs, CreatedAt: now, UpdatedAt: now}
	err = s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(t).Exec(ctx)
		return dbError(err, "translation settings")
	}, ev{org: orgID, typ: EventTranslationCreated, object: t.ID, payload: P{"title": title, "languages": langs}})
	return t, err
}

// UpdateTranslationSettings replaces the title and, when langs is not nil,
// the languages. INVALID for an unknown language, NOT_FOUND for an unknown id.
func (s *Store) UpdateTranslationSettings(ctx context.Context, orgID, id, title string, langs *[]string) (*TranslationSettings, error) {
	t := new(TranslationSettings)
	q := s.DB.NewUpdate().Model(t).Set("title = ?", title).Set("updated_at = ?", s.Now())
	if langs != nil {
		l, err := languages(*langs)
		if err != nil {
			return nil, err
		}
		q.Set("languages = ?", pgArray(l))
	}
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		err := q.Conn(tx).Where("organization_id = ? AND id = ?", orgID, id).Returning("*").Scan(ctx)
		return dbError(err, "translation settings")
	}, ev{org: orgID, typ: EventTranslationUpdated, object: id, payload: P{"title": title}})
	return t, err
}

// DeleteTranslationSettings deletes translation settings.
func (s *Store) DeleteTranslationSettings(ctx context.Context, orgID, id string) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*TranslationSettings)(nil)).Where("organization_id = ? AND id = ?", orgID, id).Exec(ctx)
		if err != nil {
			return dbError(err, "translation settings")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.NotFound("translation settings")
		}
		return nil
	}, ev{org: orgID, typ: EventTranslationDeleted, object: id})
}
