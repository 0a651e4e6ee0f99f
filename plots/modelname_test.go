package plots

import "testing"

func TestModelName(t *testing.T) {
	for dev, want := range map[string]string{
		"culab virtual GPU (A40 model) (sm_86, 84 SMs)":         "A40",
		"culab virtual GPU (RTX 2080 Ti model) (sm_75, 68 SMs)": "RTX 2080 Ti",
		"culab virtual GPU (sm_90, 132 SMs)":                    "H100",
	} {
		if got := modelName(dev); got != want {
			t.Errorf("modelName(%q) = %q, want %q", dev, got, want)
		}
	}
}
