package cudalib

import (
	"strings"
	"testing"
)

// Mangled names as NVRTC lowers kernels (checked against c++filt): the
// parameter types after macros, typedefs and templates.
func TestDemangleParams(t *testing.T) {
	for sym, want := range map[string]string{
		"_Z4fillPfi":                   "float*|int",
		"_Z4fillv":                     "",
		"_Z3addPKfS0_Pfi":              "const float*|const float*|float*|int",
		"_Z8mm_tiledILi32EEvPKfS1_Pfi": "const float*|const float*|float*|int",
		"_Z5scaleIdEvPT_S1_S0_j":       "double*|double*|double|unsigned int",
		"_Z1kPhPyxmc":                  "unsigned char*|unsigned long long*|long long|unsigned long|char",
		"_Z2k2P6__halfS0_":             "__half*|__half*",
		"_Z2k36float4PS_":              "float4|float4*",
		"_Z2k4N2ns4PairEPS0_":          "ns::Pair|ns::Pair*",
		"_Z2k5PVi":                     "volatile int*",
		"_Z2k6PPf":                     "float**",
		"_Z2k7IiLb1EEvPT_":             "int*",
		"_ZN2ns6kernelEPfi":            "float*|int",
		"_Z2k8P4PairIfE":               "Pair<...>*",
	} {
		ps, ok := demangleParams(sym)
		if !ok {
			t.Errorf("%s: not read", sym)
			continue
		}
		var got []string
		for _, p := range ps {
			got = append(got, p.text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%s: %q, want %q", sym, strings.Join(got, "|"), want)
		}
	}
	ps, _ := demangleParams("_Z3addPKfS0_Pfi")
	if !ps[0].pointer || ps[0].elem != "float" || ps[3].pointer || ps[3].elem != "int" {
		t.Errorf("pointer and element: %+v", ps)
	}
	for _, sym := range []string{"fill", "_Z", "_Z4fi", "_Z1kSt6vectorIiE", "_Z1kS_"} {
		if _, ok := demangleParams(sym); ok {
			t.Errorf("%s: read", sym)
		}
	}
}
