package widgets

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// core is what every widget has: its model.
type core struct{ m *model }

// ModelID is the id of the widget's model.
func (c *core) ModelID() string { return c.m.c.ID() }

func (c *core) base() *model { return c.m }

// Close closes the widget: the front end removes its views.
func (c *core) Close() { c.m.close() }

// Render is the widget's display: its view where the front end renders
// widgets, with its text form for those that do not.
func (c *core) Render() map[string]any {
	data := map[string]any{"text/plain": c.String()}
	if c.m.c.Online() {
		data[MIMEView] = map[string]any{"model_id": c.m.c.ID(), "version_major": 2, "version_minor": 0}
	}
	return data
}

// String is the widget's text form, as ipywidgets writes it:
// IntSlider(value=3, min=0, max=10, step=1, description='n').
func (c *core) String() string {
	if c.m.text != nil {
		return c.m.text()
	}
	parts := make([]string, 0, len(c.m.spec.textKeys))
	for _, k := range c.m.spec.textKeys {
		v := c.m.get(k)
		if s, ok := v.(string); ok {
			if s == "" && k == "description" {
				continue
			}
			v = "'" + s + "'"
		}
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	return c.m.spec.class + "(" + strings.Join(parts, ", ") + ")"
}

// control is a widget with a description and a disabled state.
type control struct{ core }

// Description is the label shown beside the control.
func (c *control) Description() string { s, _ := c.m.get("description").(string); return s }

// SetDescription changes the label.
func (c *control) SetDescription(s string) { c.m.set("description", s) }

// SetDisabled greys the control out: the user cannot change it.
func (c *control) SetDisabled(d bool) { c.m.set("disabled", d) }

// layoutKeys are a Layout model's CSS properties, all unset.
var layoutKeys = []string{
	"align_content", "align_items", "align_self", "border_bottom", "border_left", "border_right", "border_top",
	"bottom", "display", "flex", "flex_flow", "grid_area", "grid_auto_columns", "grid_auto_flow", "grid_auto_rows",
	"grid_column", "grid_gap", "grid_row", "grid_template_areas", "grid_template_columns", "grid_template_rows",
	"height", "justify_content", "justify_items", "left", "margin", "max_height", "max_width", "min_height",
	"min_width", "object_fit", "object_position", "order", "overflow", "padding", "right", "top", "visibility", "width",
}

var layoutSpec = spec{class: "Layout", model: "LayoutModel", modelModule: baseModule, view: "LayoutView",
	viewModule: baseModule, moduleVersion: modulesVersion}

// style is a style model: its name and properties.
type style struct {
	model string
	keys  map[string]any
}

var (
	sliderStyle   = style{"SliderStyleModel", map[string]any{"description_width": "", "handle_color": nil}}
	descStyle     = style{"DescriptionStyleModel", map[string]any{"description_width": ""}}
	fontKeys      = []string{"font_family", "font_size", "font_style", "font_variant", "font_weight", "text_color", "text_decoration"}
	toggleStyle   = style{"ToggleButtonStyleModel", withKeys(map[string]any{"description_width": ""}, fontKeys)}
	buttonStyle   = style{"ButtonStyleModel", withKeys(map[string]any{"button_color": nil}, fontKeys)}
	checkboxStyle = style{"CheckboxStyleModel", map[string]any{"description_width": "", "background": nil}}
	textStyle     = style{"TextStyleModel", map[string]any{"description_width": "", "background": nil, "font_size": nil, "text_color": nil}}
	progressStyle = style{"ProgressStyleModel", map[string]any{"description_width": "", "bar_color": nil}}
	labelStyle    = style{"LabelStyleModel", withKeys(map[string]any{"description_width": "", "background": nil}, fontKeys)}
)

func withKeys(m map[string]any, nullKeys []string) map[string]any {
	for _, k := range nullKeys {
		m[k] = nil
	}
	return m
}

// controlSpec is the spec of a model of @jupyter-widgets/controls.
func controlSpec(class string, settable map[string]func(any, map[string]any) (any, error), textKeys ...string) spec {
	return spec{class: class, model: class + "Model", modelModule: controlsModule, view: class + "View",
		viewModule: controlsModule, moduleVersion: modulesVersion, settable: settable, textKeys: textKeys}
}

// newDOM opens a widget that shows in the page, with its layout and, when
// st is not nil, its style and description.
func newDOM(sp spec, st *style, state map[string]any) *model {
	state["_dom_classes"] = []any{}
	state["tabbable"] = nil
	state["tooltip"] = nil
	layoutState := map[string]any{}
	for _, k := range layoutKeys {
		layoutState[k] = nil
	}
	layout := newModel(layoutSpec, layoutState)
	state["layout"] = layout.ref()
	parts := []*model{layout}
	if st != nil {
		s := newModel(spec{class: "Style", model: st.model, modelModule: controlsModule, view: "StyleView",
			viewModule: baseModule, moduleVersion: modulesVersion}, copyState(st.keys))
		state["style"] = s.ref()
		parts = append(parts, s)
	}
	m := newModel(sp, state)
	m.parts = parts
	return m
}

// Checks of values the front end sets.

func toInt(v any) (int, error) {
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return 0, fmt.Errorf("%v is not an integer", x)
		}
		return int(x), nil
	case int:
		return x, nil
	}
	return 0, fmt.Errorf("want a number, got %T %v", v, v)
}

func toFloat(v any) (float64, error) {
	switch x := v.(type) {
	case float64:
		return x, nil
	case int:
		return float64(x), nil
	}
	return 0, fmt.Errorf("want a number, got %T %v", v, v)
}

// intInRange checks an integer value and clamps it to [min, max].
func intInRange(v any, st map[string]any) (any, error) {
	n, err := toInt(v)
	if err != nil {
		return nil, err
	}
	lo, _ := st["min"].(int)
	hi, _ := st["max"].(int)
	return min(max(n, lo), hi), nil
}

// floatInRange checks a float value and clamps it to [min, max].
func floatInRange(v any, st map[string]any) (any, error) {
	x, err := toFloat(v)
	if err != nil {
		return nil, err
	}
	lo, _ := st["min"].(float64)
	hi, _ := st["max"].(float64)
	return math.Min(math.Max(x, lo), hi), nil
}

// logInRange checks a log slider's value: within base^min..base^max.
func logInRange(v any, st map[string]any) (any, error) {
	x, err := toFloat(v)
	if err != nil {
		return nil, err
	}
	b, _ := st["base"].(float64)
	lo, _ := st["min"].(float64)
	hi, _ := st["max"].(float64)
	return math.Min(math.Max(x, math.Pow(b, lo)), math.Pow(b, hi)), nil
}

func isBool(v any, _ map[string]any) (any, error) {
	b, ok := v.(bool)
	if !ok {
		return nil, fmt.Errorf("want true or false, got %T %v", v, v)
	}
	return b, nil
}

func isString(v any, _ map[string]any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("want a string, got %T %v", v, v)
	}
	return s, nil
}

// ordered puts lo and hi in order.
func ordered[T int | float64](lo, hi T) (T, T) {
	if hi < lo {
		return hi, lo
	}
	return lo, hi
}

func sliderState(description string, value, lo, hi, step any, format string) map[string]any {
	return map[string]any{
		"description": description, "description_allow_html": false, "value": value, "min": lo, "max": hi, "step": step,
		"disabled": false, "continuous_update": true, "orientation": "horizontal", "readout": true,
		"readout_format": format, "behavior": "drag-tap",
	}
}

// IntSlider is a slider of integers (ipywidgets.IntSlider).
type IntSlider struct{ control }

// NewIntSlider makes a slider from min to max in steps of step, at value
// (clamped to the range), labelled description. A step below 1 is 1.
func NewIntSlider(description string, value, min, max, step int) *IntSlider {
	lo, hi := ordered(min, max)
	value = minmax(value, lo, hi)
	m := newDOM(controlSpec("IntSlider", map[string]func(any, map[string]any) (any, error){"value": intInRange},
		"value", "min", "max", "step", "description"),
		&sliderStyle, sliderState(description, value, lo, hi, maxInt(step, 1), "d"))
	return &IntSlider{control{core{m}}}
}

func minmax(v, lo, hi int) int { return min(max(v, lo), hi) }

func maxInt(a, b int) int { return max(a, b) }

// Value is the slider's value.
func (s *IntSlider) Value() int { n, _ := s.m.get("value").(int); return n }

// SetValue moves the slider (clamped to its range).
func (s *IntSlider) SetValue(v int) {
	lo, _ := s.m.get("min").(int)
	hi, _ := s.m.get("max").(int)
	s.m.set("value", minmax(v, lo, hi))
}

// Observe calls f with the new value after each change, the user's or
// SetValue's.
func (s *IntSlider) Observe(f func(value int)) { s.m.observe("value", func() { f(s.Value()) }) }

// FloatSlider is a slider of floats (ipywidgets.FloatSlider).
type FloatSlider struct{ control }

// NewFloatSlider makes a slider from min to max in steps of step, at value
// (clamped to the range), labelled description. A step ≤ 0 is 0.1.
func NewFloatSlider(description string, value, min, max, step float64) *FloatSlider {
	lo, hi := ordered(min, max)
	if !(step > 0) {
		step = 0.1
	}
	m := newDOM(controlSpec("FloatSlider", map[string]func(any, map[string]any) (any, error){"value": floatInRange},
		"value", "min", "max", "step", "description"),
		&sliderStyle, sliderState(description, math.Min(math.Max(value, lo), hi), lo, hi, step, ".2f"))
	return &FloatSlider{control{core{m}}}
}

// Value is the slider's value.
func (s *FloatSlider) Value() float64 { x, _ := s.m.get("value").(float64); return x }

// SetValue moves the slider (clamped to its range).
func (s *FloatSlider) SetValue(v float64) {
	x, _ := floatInRange(v, map[string]any{"min": s.m.get("min"), "max": s.m.get("max")})
	s.m.set("value", x)
}

// Observe calls f with the new value after each change.
func (s *FloatSlider) Observe(f func(value float64)) { s.m.observe("value", func() { f(s.Value()) }) }

// FloatLogSlider is a slider on a log scale (ipywidgets.FloatLogSlider):
// its range and step are exponents of base 10.
type FloatLogSlider struct{ control }

// NewFloatLogSlider makes a slider from 10^minExp to 10^maxExp, moving by
// stepExp in the exponent, at value. A stepExp ≤ 0 is 0.1.
func NewFloatLogSlider(description string, value, minExp, maxExp, stepExp float64) *FloatLogSlider {
	lo, hi := ordered(minExp, maxExp)
	if !(stepExp > 0) {
		stepExp = 0.1
	}
	st := sliderState(description, 0.0, lo, hi, stepExp, ".3g")
	st["base"] = 10.0
	st["value"], _ = logInRange(value, st)
	m := newDOM(controlSpec("FloatLogSlider", map[string]func(any, map[string]any) (any, error){"value": logInRange},
		"value", "base", "min", "max", "step", "description"), &sliderStyle, st)
	return &FloatLogSlider{control{core{m}}}
}

// Value is the slider's value (not its exponent).
func (s *FloatLogSlider) Value() float64 { x, _ := s.m.get("value").(float64); return x }

// SetValue moves the slider (clamped to its range).
func (s *FloatLogSlider) SetValue(v float64) {
	x, _ := logInRange(v, map[string]any{"base": s.m.get("base"), "min": s.m.get("min"), "max": s.m.get("max")})
	s.m.set("value", x)
}

// Observe calls f with the new value after each change.
func (s *FloatLogSlider) Observe(f func(value float64)) {
	s.m.observe("value", func() { f(s.Value()) })
}

// Dropdown picks one of a list of options (ipywidgets.Dropdown).
type Dropdown struct {
	control
	options []string
}

// NewDropdown makes a dropdown of options with value selected (the first
// option when value is not one of them).
func NewDropdown(description string, options []string, value string) *Dropdown {
	opts := append([]string(nil), options...)
	labels := make([]any, len(opts))
	for i, o := range opts {
		labels[i] = o
	}
	var index any
	if len(opts) > 0 {
		index = max(indexOf(opts, value), 0)
	}
	checkIndex := func(v any, _ map[string]any) (any, error) {
		if v == nil {
			return nil, nil
		}
		i, err := toInt(v)
		if err != nil {
			return nil, err
		}
		if i < 0 || i >= len(opts) {
			return nil, fmt.Errorf("index %d out of the %d options", i, len(opts))
		}
		return i, nil
	}
	m := newDOM(controlSpec("Dropdown", map[string]func(any, map[string]any) (any, error){"index": checkIndex},
		"index", "description"), &descStyle, map[string]any{
		"description": description, "description_allow_html": false, "_options_labels": labels, "index": index, "disabled": false,
	})
	return &Dropdown{control{core{m}}, opts}
}

func indexOf(opts []string, v string) int {
	for i, o := range opts {
		if o == v {
			return i
		}
	}
	return -1
}

// Index is the index of the selected option; -1 for none.
func (d *Dropdown) Index() int {
	i, ok := d.m.get("index").(int)
	if !ok {
		return -1
	}
	return i
}

// Value is the selected option; "" for none.
func (d *Dropdown) Value() string {
	if i := d.Index(); i >= 0 {
		return d.options[i]
	}
	return ""
}

// SetValue selects option v.
func (d *Dropdown) SetValue(v string) error {
	i := indexOf(d.options, v)
	if i < 0 {
		return fmt.Errorf("widgets: Dropdown: %q is not one of its options %q", v, d.options)
	}
	d.m.set("index", i)
	return nil
}

// Observe calls f with the selected option after each change.
func (d *Dropdown) Observe(f func(value string)) { d.m.observe("index", func() { f(d.Value()) }) }

// Toggle is an on/off control: a ToggleButton or a Checkbox.
type Toggle struct{ control }

// NewToggleButton makes a button that stays down when on
// (ipywidgets.ToggleButton).
func NewToggleButton(description string, value bool) *Toggle {
	m := newDOM(controlSpec("ToggleButton", map[string]func(any, map[string]any) (any, error){"value": isBool},
		"value", "description"), &toggleStyle, map[string]any{
		"description": description, "description_allow_html": false, "value": value, "disabled": false, "button_style": "", "icon": "",
	})
	return &Toggle{control{core{m}}}
}

// NewCheckbox makes a checkbox (ipywidgets.Checkbox).
func NewCheckbox(description string, value bool) *Toggle {
	m := newDOM(controlSpec("Checkbox", map[string]func(any, map[string]any) (any, error){"value": isBool},
		"value", "description"), &checkboxStyle, map[string]any{
		"description": description, "description_allow_html": false, "value": value, "disabled": false, "indent": true,
	})
	return &Toggle{control{core{m}}}
}

// Value reports whether the toggle is on.
func (t *Toggle) Value() bool { b, _ := t.m.get("value").(bool); return b }

// SetValue turns the toggle on or off.
func (t *Toggle) SetValue(v bool) { t.m.set("value", v) }

// Observe calls f with the new value after each change.
func (t *Toggle) Observe(f func(value bool)) { t.m.observe("value", func() { f(t.Value()) }) }

// Button is a push button (ipywidgets.Button).
type Button struct{ control }

// NewButton makes a button labelled description.
func NewButton(description string) *Button {
	m := newDOM(controlSpec("Button", nil, "description"), &buttonStyle, map[string]any{
		"description": description, "disabled": false, "button_style": "", "icon": "",
	})
	return &Button{control{core{m}}}
}

// OnClick calls f on each click.
func (b *Button) OnClick(f func()) {
	b.m.mu.Lock()
	prev := b.m.onCustom
	b.m.onCustom = func(content map[string]any) {
		if prev != nil {
			prev(content)
		}
		if content["event"] == "click" {
			f()
		}
	}
	b.m.mu.Unlock()
}

// Click calls the OnClick functions, as a click in the front end does.
func (b *Button) Click() {
	b.m.mu.Lock()
	f := b.m.onCustom
	b.m.mu.Unlock()
	if f != nil {
		f(map[string]any{"event": "click"})
	}
}

// Text is a line of text input (ipywidgets.Text).
type Text struct{ control }

// NewText makes a text field holding value.
func NewText(description, value string) *Text {
	m := newDOM(controlSpec("Text", map[string]func(any, map[string]any) (any, error){"value": isString},
		"value", "description"), &textStyle, map[string]any{
		"description": description, "description_allow_html": false, "value": value, "disabled": false, "continuous_update": true, "placeholder": "\u200b",
	})
	return &Text{control{core{m}}}
}

// Value is the text.
func (t *Text) Value() string { s, _ := t.m.get("value").(string); return s }

// SetValue replaces the text.
func (t *Text) SetValue(s string) { t.m.set("value", s) }

// Observe calls f with the new text after each change.
func (t *Text) Observe(f func(value string)) { t.m.observe("value", func() { f(t.Value()) }) }

// Label is a line of text the user cannot edit (ipywidgets.Label): a
// caption, a status beside a bar.
type Label struct{ core }

// NewLabel makes a label showing value.
func NewLabel(value string) *Label {
	m := newDOM(controlSpec("Label", nil, "value"), &labelStyle, map[string]any{
		"description": "", "description_allow_html": false, "value": value, "placeholder": "\u200b",
	})
	return &Label{core{m}}
}

// Value is the label's text.
func (l *Label) Value() string { s, _ := l.m.get("value").(string); return s }

// SetValue replaces the text.
func (l *Label) SetValue(s string) { l.m.set("value", s) }

// IntProgress is a progress bar (ipywidgets.IntProgress).
type IntProgress struct{ control }

// NewIntProgress makes a bar from min to max, at value.
func NewIntProgress(description string, value, min, max int) *IntProgress {
	lo, hi := ordered(min, max)
	sp := controlSpec("IntProgress", nil, "value", "min", "max", "description")
	sp.view = "ProgressView" // ipywidgets' progress bars share a view
	m := newDOM(sp, &progressStyle, map[string]any{
		"description": description, "description_allow_html": false, "value": minmax(value, lo, hi), "min": lo, "max": hi,
		"bar_style": "", "orientation": "horizontal",
	})
	return &IntProgress{control{core{m}}}
}

// Value is the bar's value.
func (p *IntProgress) Value() int { n, _ := p.m.get("value").(int); return n }

// SetValue moves the bar (clamped to its range).
func (p *IntProgress) SetValue(v int) {
	lo, _ := p.m.get("min").(int)
	hi, _ := p.m.get("max").(int)
	p.m.set("value", minmax(v, lo, hi))
}

// errBarStyle is SetBarStyle's error for a style the front end lacks.
var errBarStyle = errors.New(`widgets: a bar style is "", "success", "info", "warning" or "danger"`)

// SetBarStyle colours the bar: "", "success", "info", "warning" or
// "danger".
func (p *IntProgress) SetBarStyle(s string) error {
	switch s {
	case "", "success", "info", "warning", "danger":
		p.m.set("bar_style", s)
		return nil
	}
	return fmt.Errorf("%w, not %s", errBarStyle, strconv.Quote(s))
}

// Box lays widgets out in a row (HBox) or a column (VBox).
type Box struct{ core }

// HBox lays children out in a row.
func HBox(children ...Widget) *Box { return newBox("HBox", children) }

// VBox lays children out in a column.
func VBox(children ...Widget) *Box { return newBox("VBox", children) }

func newBox(class string, children []Widget) *Box {
	refs := make([]any, 0, len(children))
	for _, c := range children {
		if c != nil {
			refs = append(refs, c.base().ref())
		}
	}
	m := newDOM(controlSpec(class, nil), nil, map[string]any{"children": refs, "box_style": ""})
	kids := append([]Widget(nil), children...)
	m.text = func() string {
		parts := make([]string, 0, len(kids))
		for _, c := range kids {
			if c != nil {
				parts = append(parts, c.String())
			}
		}
		return class + "(" + strings.Join(parts, ", ") + ")"
	}
	return &Box{core{m}}
}
