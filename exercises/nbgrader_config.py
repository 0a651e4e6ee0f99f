"""nbgrader's configuration of the culab course: run nbgrader from this folder.

The notebooks run on the culab kernel, whose language is "go": nbgrader has
no code stub for it, so one is given here. A solution region sits inside a
%%cuda cell's C body (or a Go cell), so the stub is a comment in both
languages, and the markers are comments too (`// BEGIN SOLUTION`,
`// BEGIN HIDDEN TESTS`): nbgrader finds them anywhere in a line, and the
instructor's source notebooks then run as they are.
"""

c = get_config()  # noqa: F821 (nbgrader's config loader defines it)

c.CourseDirectory.course_id = "culab"

c.ClearSolutions.code_stub = {
    "go": "// YOUR CODE HERE",
    "python": "# YOUR CODE HERE\nraise NotImplementedError()",
}

# Autograding runs every submission on the culab kernel: on the virtual GPU
# without a GPU, where a check interprets the kernel on the CPU (seconds).
c.Execute.kernel_name = "culab"
c.Execute.timeout = 600  # seconds per cell
c.Execute.startup_timeout = 120
