#ifndef SCOUT_CEDITLINE_SHIM_H
#define SCOUT_CEDITLINE_SHIM_H

#include <stdio.h>
#include <histedit.h>

/* libedit's el_set() and history() are variadic, which Swift cannot call.
   These are the non-variadic wrappers Scout needs, nothing more. */

typedef char *(*scout_prompt_fn)(EditLine *);
typedef unsigned char (*scout_key_fn)(EditLine *, int);
typedef int (*scout_getc_fn)(EditLine *, wchar_t *);

static inline EditLine *scout_el_init(const char *prog) {
    return el_init(prog, stdin, stdout, stderr);
}
static inline int scout_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int scout_el_set_prompt(EditLine *el, scout_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
static inline int scout_el_set_rprompt(EditLine *el, scout_prompt_fn fn) {
    return el_set(el, EL_RPROMPT, fn);
}
static inline int scout_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}
static inline int scout_el_prep_term(EditLine *el, int on) {
    return el_set(el, EL_PREP_TERM, on);
}
static inline int scout_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}
static inline int scout_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}
static inline int scout_el_add_function(EditLine *el, const char *name, const char *help, scout_key_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int scout_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}
static inline int scout_el_set_getc(EditLine *el, scout_getc_fn fn) {
    return el_set(el, EL_GETCFN, fn);
}
static inline int scout_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}
static inline int scout_history_setunique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}
static inline int scout_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}
static inline int scout_history_clear(History *h) {
    HistEvent ev;
    return history(h, &ev, H_CLEAR);
}
static inline int scout_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}
static inline int scout_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}
static inline History *scout_history_init(void) {
    return history_init();
}

#endif
