package nvrtc

import "testing"

func TestPickTarget(t *testing.T) {
	cuda118 := []int{35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90}
	tests := []struct {
		name         string
		supported    []int
		cubin        bool
		major, minor int
		want         Target
		wantErr      bool
	}{
		{"exact: CUBIN", cuda118, true, 7, 5, Target{Arch: 75, CUBIN: true}, false},
		{"exact, no nvrtcGetCUBIN: PTX", cuda118, false, 8, 6, Target{Arch: 86}, false},
		{"newer than NVRTC: PTX of its newest", cuda118, true, 10, 0, Target{Arch: 90}, false},
		{"between supported: PTX of the one below", cuda118, true, 8, 8, Target{Arch: 87}, false},
		{"unsorted list", []int{90, 52, 75}, true, 8, 0, Target{Arch: 75}, false},
		{"older than any supported", []int{50, 52}, true, 3, 7, Target{}, true},
		{"unknown list: PTX of the device's own", nil, true, 12, 0, Target{Arch: 120}, false},
		{"invalid capability", cuda118, true, 0, 0, Target{}, true},
		{"invalid minor", cuda118, true, 8, 10, Target{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := pickTarget(tt.supported, tt.cubin, tt.major, tt.minor)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestTargetOption(t *testing.T) {
	if got := (Target{Arch: 90, CUBIN: true}).Option(); got != "-arch=sm_90" {
		t.Errorf("CUBIN option %q", got)
	}
	if got := (Target{Arch: 75}).Option(); got != "-arch=compute_75" {
		t.Errorf("PTX option %q", got)
	}
}
