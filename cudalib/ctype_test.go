package cudalib

import "testing"

// C's spellings of a type read as the same type; what is not a type the
// checker knows stays opaque.
func TestCTypeOf(t *testing.T) {
	for name, want := range map[string]string{
		"int":                "int32",
		"signed":             "int32",
		"signed int":         "int32",
		"unsigned":           "uint32",
		"unsigned int":       "uint32",
		"long unsigned int":  "uint64",
		"long long int":      "int64",
		"unsigned long long": "uint64",
		"long":               "int64",
		"short int":          "int16",
		"unsigned short":     "uint16",
		"signed char":        "int8",
		"unsigned char":      "uint8",
		"char":               "uint8",
		"uint32_t":           "uint32",
		"int64_t":            "int64",
		"size_t":             "uint64",
		"bool":               "bool",
		"float":              "float32",
		"double":             "float64",
		"long double":        "",
		"__half":             "",
		"float2":             "",
		"real":               "",
		"short long":         "",
		"signed unsigned":    "",
		"long long long":     "",
		"char int":           "",
	} {
		if got := cTypeOf(name).goName; got != want {
			t.Errorf("cTypeOf(%q) holds %q, want %q", name, got, want)
		}
	}
	if c := cTypeOf("char"); c.lo != 0 || c.hi != 127 {
		t.Errorf("char takes %d…%d, want 0…127 (its sign is the host's)", c.lo, c.hi)
	}
	for _, name := range []string{"__half", "float2", "uint4", "dim3"} {
		if c := cTypeOf(name); c.kind != cNoGo {
			t.Errorf("%s: kind %d, want cNoGo", name, c.kind)
		}
	}
	if c := cTypeOf("float5"); c.kind != cOpaque {
		t.Errorf("float5: kind %d, want cOpaque", c.kind)
	}
	if c := cTypeOf("real"); c.kind != cOpaque {
		t.Errorf("real: kind %d, want cOpaque", c.kind)
	}
}
