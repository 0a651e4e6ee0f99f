package goengine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display"
	"github.com/culab/culab/plots"
)

// %%cuda's own options, which inspect the cell's kernels' launches:
// --profile profiles the first launch of each kernel, --profile=N the
// first N; --sanitize checks every launch with the sanitizer.
const (
	profileFlag  = "--profile"
	sanitizeFlag = "--sanitize"
)

// inspectOptions are %%cuda's own options.
type inspectOptions struct {
	profile  int // launches to profile per kernel; 0: none
	sanitize bool
}

// cudaOptions takes %%cuda's own options out of a cell's options (the rest
// go to NVRTC).
func cudaOptions(opts []string) (rest []string, o inspectOptions, err error) {
	for _, opt := range opts {
		if opt == sanitizeFlag {
			o.sanitize = true
			continue
		}
		v, ok := strings.CutPrefix(opt, profileFlag)
		switch {
		case !ok || (v != "" && v[0] != '='):
			rest = append(rest, opt)
		case v == "":
			o.profile = 1
		default:
			if o.profile, err = strconv.Atoi(v[1:]); err != nil || o.profile < 1 {
				return nil, inspectOptions{}, fmt.Errorf("%s: want %s or %s=N with N ≥ 1 launches to profile per kernel", opt, profileFlag, profileFlag)
			}
		}
	}
	return rest, o, nil
}

// watch makes the module's kernels show what o asks for where they are
// launched, in the output of the cell that launches: each profile's
// per-line table and chart (and the SASS of each line, where the profile
// counts SASS), and each sanitizer report with findings (a
// clean launch shows nothing).
func (o inspectOptions) watch(mod *cudalib.Module) {
	if o.sanitize {
		mod.SanitizeLaunches(func(r *cudalib.SanitizerReport, err error) {
			if err != nil {
				display.Show(display.Markdown("**sanitizer:** " + err.Error()))
			}
			if r != nil && !r.Clean() {
				// The report is compute-sanitizer's text: shown as it is.
				text := r.String()
				display.Show(display.Data{MIME: map[string]any{
					display.MIMEMarkdown: "```text\n" + text + "```",
					display.MIMEText:     text,
				}})
			}
		})
	}
	if o.profile > 0 {
		mod.ProfileLaunches(o.profile, func(p *cudalib.Profile, err error) {
			if err != nil {
				display.Show(display.Markdown("**profile:** " + err.Error()))
			}
			if p != nil {
				plots.ProfileView(p).Show()
				if p.SASS != nil {
					// What each line became on the GPU, with counts.
					plots.ProfileSASS(p).Show()
				}
			}
		})
	}
}
