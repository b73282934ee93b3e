/* A tiny JSON checker (RFC 8259 grammar, UTF-8 checked) for the reports'
 * JSON lines, with its own test, and the library's string escaping. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "race_test.h"

/* ---- a tiny JSON checker (RFC 8259 grammar, UTF-8 checked) -------------------------- */

struct js {
    const char *p;
    int depth;
};
static void ws(struct js *j)
{
    while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')
        j->p++;
}
static bool jvalue(struct js *j);
static bool jstring(struct js *j)
{
    if (*j->p != '"')
        return false;
    j->p++;
    for (;;) {
        unsigned char c = (unsigned char)*j->p;
        if (c == '"') {
            j->p++;
            return true;
        }
        if (c < 0x20)
            return false; /* includes the terminating NUL */
        if (c == '\\') {
            j->p++;
            if (*j->p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!j->p[i] || !strchr("0123456789abcdefABCDEF", j->p[i]))
                        return false;
                j->p += 5;
            } else if (*j->p && strchr("\"\\/bfnrt", *j->p)) {
                j->p++;
            } else {
                return false;
            }
        } else if (c < 0x80) {
            j->p++;
        } else {
            int n = (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
            if (!n || c == 0xc0 || c == 0xc1 || c > 0xf4)
                return false;
            for (int i = 1; i < n; i++)
                if (((unsigned char)j->p[i] & 0xc0) != 0x80)
                    return false;
            j->p += n;
        }
    }
}
static bool jnumber(struct js *j)
{
    const char *s = j->p;
    if (*j->p == '-')
        j->p++;
    if (*j->p == '0')
        j->p++;
    else if (*j->p >= '1' && *j->p <= '9')
        while (*j->p >= '0' && *j->p <= '9')
            j->p++;
    else
        return false;
    if (*j->p == '.') {
        j->p++;
        if (!(*j->p >= '0' && *j->p <= '9'))
            return false;
        while (*j->p >= '0' && *j->p <= '9')
            j->p++;
    }
    return j->p > s;
}
static bool jvalue(struct js *j)
{
    ws(j);
    if (++j->depth > 32)
        return false;
    bool ok;
    if (*j->p == '{' || *j->p == '[') {
        char close = *j->p == '{' ? '}' : ']';
        bool obj = close == '}';
        j->p++;
        ws(j);
        ok = true;
        if (*j->p == close) {
            j->p++;
        } else {
            for (;;) {
                if (obj) {
                    ws(j);
                    if (!jstring(j))
                        return false;
                    ws(j);
                    if (*j->p++ != ':')
                        return false;
                }
                if (!jvalue(j))
                    return false;
                ws(j);
                if (*j->p == ',') {
                    j->p++;
                    continue;
                }
                if (*j->p++ != close)
                    return false;
                break;
            }
        }
    } else if (*j->p == '"') {
        ok = jstring(j);
    } else if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
        j->p += 4;
        ok = true;
    } else if (!strncmp(j->p, "false", 5)) {
        j->p += 5;
        ok = true;
    } else {
        ok = jnumber(j);
    }
    j->depth--;
    return ok;
}
bool json_line_ok(const char *s)
{
    size_t n = strlen(s);
    if (n < 3 || s[0] != '{' || s[n - 1] != '\n' || memchr(s, '\n', n - 1))
        return false;
    struct js j = {s, 0};
    if (!jvalue(&j))
        return false;
    ws(&j);
    return *j.p == '\0';
}

static int json_checker_self_test(void)
{
    CHECK(json_line_ok("{\"a\":[1,-2.5,true,null,{\"b\":\"\\u00e9\\n\"}],\"c\":\"\xc3\xa9\"}\n"),
          "valid JSON refused");
    static const char *const bad[] = {
        "{\"a\":}\n", "{\"a\":1,}\n", "{\"a\":\"\x01\"}\n", "{\"a\":\"\\x\"}\n",
        "{\"a\":01}\n", "{\"a\":\"\xff\"}\n", "{\"a\":1}", "{\"a\":1}\n{}\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!json_line_ok(bad[i]), "invalid JSON #%zu accepted", i);
    return 1;
}

static int json_escape(void)
{
    char buf[256];
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"/work/dir with \"quotes\"/k\\ernel.c", "\"/work/dir with \\\"quotes\\\"/k\\\\ernel.c\""},
        {"tab\there\nnl\x01\x1f\x7f", "\"tab\\there\\nnl\\u0001\\u001f\\u007f\""},
        {"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""},
        {"bad\xff\xc3(\xed\xa0\x80\xc0\xaf", "\"bad\\ufffd\\ufffd(\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\""},
        {"", "\"\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = scord_json_string(buf, sizeof buf, cases[i].in);
        CHECK(n == strlen(cases[i].out) && strcmp(buf, cases[i].out) == 0,
              "case %zu: got %s, expected %s", i, buf, cases[i].out);
        char line[300];
        snprintf(line, sizeof line, "{\"s\":%s}\n", buf);
        CHECK(json_line_ok(line), "case %zu: escaped string is not valid JSON", i);
    }
    /* Truncation: snprintf contract. */
    size_t full = scord_json_string(NULL, 0, "abc\"");
    CHECK(full == 7, "length of \"abc\\\"\" is %zu", full);
    char small[4];
    CHECK(scord_json_string(small, sizeof small, "abcdef") == 8 && strlen(small) == 3,
          "truncated output '%s'", small);
    return 1;
}

const struct unit_case race_json_cases[] = {
    UNIT_CASE(json_checker_self_test),
    UNIT_CASE(json_escape),
    UNIT_END,
};
