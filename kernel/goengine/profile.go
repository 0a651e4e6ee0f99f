package goengine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display"
	"github.com/culab/culab/plots"
)

// profileFlag is %%cuda's own option: --profile profiles the first launch
// of each of the cell's kernels, --profile=N the first N.
const profileFlag = "--profile"

// profileOption takes --profile[=N] out of a %%cuda cell's options (the
// rest go to NVRTC) and returns N, 0 without it.
func profileOption(opts []string) (rest []string, n int, err error) {
	for _, o := range opts {
		v, ok := strings.CutPrefix(o, profileFlag)
		switch {
		case !ok || (v != "" && v[0] != '='):
			rest = append(rest, o)
		case v == "":
			n = 1
		default:
			if n, err = strconv.Atoi(v[1:]); err != nil || n < 1 {
				return nil, 0, fmt.Errorf("%s: want %s or %s=N with N ≥ 1 launches to profile per kernel", o, profileFlag, profileFlag)
			}
		}
	}
	return rest, n, nil
}

// watchLaunches makes the module's kernels profile their first n launches
// and show each profile where it is launched: the per-line table and its
// chart in the output of the cell that launches.
func watchLaunches(mod *cudalib.Module, n int) {
	mod.ProfileLaunches(n, func(p *cudalib.Profile, err error) {
		if err != nil {
			display.Show(display.Markdown("**profile:** " + err.Error()))
		}
		if p != nil {
			plots.ProfileView(p).Show()
		}
	})
}
