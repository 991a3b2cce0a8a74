package catalog

import (
	"context"
	"slices"

	"linguaport/internal/errs"
)

func (s *staffService) FAQ(ctx context.Context) ([]FAQItem, error) { return s.store.FAQ(ctx, "") }

// maxFAQOrder bounds an item's place within its category.
const maxFAQOrder = 10_000

func cleanFAQ(it FAQItem) (FAQItem, error) {
	fields := errs.Fields{}
	if !contains(FAQCategories, it.Category) {
		fields.Add("category", "category")
	}
	if it.Order < 0 || it.Order > maxFAQOrder {
		fields.Add("order", "order")
	}
	it.Question.TR = checkText(fields, "question.tr", it.Question.TR)
	it.Question.EN = checkText(fields, "question.en", it.Question.EN)
	it.Answer.TR = checkText(fields, "answer.tr", it.Answer.TR)
	it.Answer.EN = checkText(fields, "answer.en", it.Answer.EN)
	return it, fields.Err()
}

func (s *staffService) CreateFAQ(ctx context.Context, it FAQItem) (FAQItem, error) {
	it, err := cleanFAQ(it)
	if err != nil {
		return FAQItem{}, err
	}
	it.ID, it.Version = s.newID(), 0
	if err := s.store.InsertFAQ(ctx, it); err != nil {
		return FAQItem{}, err
	}
	s.record(ctx, "faq.create", "faq", it.ID, nil, it)
	return it, nil
}

func (s *staffService) UpdateFAQ(ctx context.Context, it FAQItem) (FAQItem, error) {
	it, err := cleanFAQ(it)
	if err != nil {
		return FAQItem{}, err
	}
	before, after, err := s.store.ChangeFAQ(ctx, it.ID, it.Version, func(cur *FAQItem) error {
		cur.Category, cur.Order, cur.Question, cur.Answer = it.Category, it.Order, it.Question, it.Answer
		return nil
	})
	if err != nil {
		return FAQItem{}, err
	}
	s.record(ctx, "faq.update", "faq", it.ID, before, after)
	return after, nil
}

func (s *staffService) DeleteFAQ(ctx context.Context, id string) error {
	it, err := s.store.DeleteFAQ(ctx, id)
	if err != nil {
		return err
	}
	s.record(ctx, "faq.delete", "faq", id, it, nil)
	return nil
}

func (s *staffService) Testimonials(ctx context.Context) ([]Testimonial, error) {
	return s.store.Testimonials(ctx)
}

// cleanTestimonial checks t against the catalogue's own services and languages.
func (s *staffService) cleanTestimonial(ctx context.Context, t Testimonial) (Testimonial, error) {
	services, err := s.store.Services(ctx)
	if err != nil {
		return Testimonial{}, err
	}
	languages, err := s.store.Languages(ctx)
	if err != nil {
		return Testimonial{}, err
	}
	fields := errs.Fields{}
	t.Quote.TR = checkText(fields, "quote.tr", t.Quote.TR)
	t.Quote.EN = checkText(fields, "quote.en", t.Quote.EN)
	t.Author = checkText(fields, "author", t.Author)
	t.Company = checkText(fields, "company", t.Company)
	if !slices.ContainsFunc(services, func(e ServiceEntry) bool { return e.ID == t.Service }) {
		fields.Add("service", "service")
	}
	known := func(code string) bool {
		return slices.ContainsFunc(languages, func(l Language) bool { return l.Code == code })
	}
	if !known(t.SourceLanguage) {
		fields.Add("sourceLanguage", "language")
	}
	if !known(t.TargetLanguage) {
		fields.Add("targetLanguage", "language")
	} else if t.TargetLanguage == t.SourceLanguage {
		fields.Add("targetLanguage", "same")
	}
	if t.Rating < 1 || t.Rating > 5 {
		fields.Add("rating", "rating")
	}
	return t, fields.Err()
}

func (s *staffService) CreateTestimonial(ctx context.Context, t Testimonial) (Testimonial, error) {
	t, err := s.cleanTestimonial(ctx, t)
	if err != nil {
		return Testimonial{}, err
	}
	t.ID, t.Version = s.newID(), 0
	if err := s.store.InsertTestimonial(ctx, t); err != nil {
		return Testimonial{}, err
	}
	s.record(ctx, "testimonial.create", "testimonial", t.ID, nil, t)
	return t, nil
}

func (s *staffService) UpdateTestimonial(ctx context.Context, t Testimonial) (Testimonial, error) {
	t, err := s.cleanTestimonial(ctx, t)
	if err != nil {
		return Testimonial{}, err
	}
	before, after, err := s.store.ChangeTestimonial(ctx, t.ID, t.Version, func(cur *Testimonial) error {
		v := cur.Version
		*cur = t
		cur.Version = v
		return nil
	})
	if err != nil {
		return Testimonial{}, err
	}
	s.record(ctx, "testimonial.update", "testimonial", t.ID, before, after)
	return after, nil
}

func (s *staffService) DeleteTestimonial(ctx context.Context, id string) error {
	t, err := s.store.DeleteTestimonial(ctx, id)
	if err != nil {
		return err
	}
	s.record(ctx, "testimonial.delete", "testimonial", id, t, nil)
	return nil
}

func (s *staffService) Figures(ctx context.Context) (Stats, error) { return s.store.Figures(ctx) }

func cleanFigures(st Stats) (Stats, error) {
	fields := errs.Fields{}
	for name, n := range map[string]int{
		"translators": st.Translators, "languages": st.Languages, "clients": st.Clients, "projects": st.Projects,
		"minTranslatorExperienceYears": st.MinExperience, "qualityControlStages": st.QualityStages,
		"delivery.rushHours": st.Delivery.RushHours,
	} {
		if n < 1 || n > maxFigure {
			fields.Add(name, "count")
		}
	}
	if st.FreeRevisionDays < 0 || st.FreeRevisionDays > 365 {
		fields.Add("freeRevisionDays", "days")
	}
	st.Quality = checkText(fields, "quality", st.Quality)
	st.Support = checkText(fields, "support", st.Support)
	st.Delivery.StandardDays = checkText(fields, "delivery.standardBusinessDays", st.Delivery.StandardDays)
	st.Delivery.TechnicalDays = checkText(fields, "delivery.technicalBusinessDays", st.Delivery.TechnicalDays)
	return st, fields.Err()
}

// maxFigure bounds a count on the site: a typo of a few zeros is refused.
const maxFigure = 100_000_000

func (s *staffService) UpdateFigures(ctx context.Context, st Stats) (Stats, error) {
	st, err := cleanFigures(st)
	if err != nil {
		return Stats{}, err
	}
	before, after, err := s.store.ChangeFigures(ctx, st.Version, func(cur *Stats) error {
		v := cur.Version
		*cur = st
		cur.Version = v
		return nil
	})
	if err != nil {
		return Stats{}, err
	}
	s.record(ctx, "figures.update", "figures", figuresID, before, after)
	return after, nil
}
