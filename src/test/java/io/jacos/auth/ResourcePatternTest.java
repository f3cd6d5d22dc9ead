package io.jacos.auth;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResourcePatternTest {

    private static boolean matches(String pattern, Resource resource) {
        return ResourcePattern.parse(pattern).matches(resource);
    }

    @Test
    @DisplayName("one configuration: that data id in that group and namespace only")
    void oneConfiguration() {
        String grant = "dev:GRP:config/a.yaml";
        assertTrue(matches(grant, Resource.config("dev", "GRP", "a.yaml")));
        assertFalse(matches(grant, Resource.config("dev", "GRP", "b.yaml")));
        assertFalse(matches(grant, Resource.config("dev", "OTHER", "a.yaml")));
        assertFalse(matches(grant, Resource.config("prod", "GRP", "a.yaml")));
        assertFalse(matches(grant, Resource.naming("dev", "GRP", "a.yaml")));
    }

    @Test
    @DisplayName("* is any run of characters, in the group and the name; nothing else is a wildcard")
    void wildcards() {
        assertTrue(matches("dev:*:naming/*", Resource.naming("dev", "ANY", "orders")));
        assertFalse(matches("dev:*:naming/*", Resource.config("dev", "ANY", "orders")));
        assertTrue(matches("public:GRP:config/*", Resource.config("", "GRP", "x")));
        assertTrue(matches("dev:GRP:config/app-*.yaml", Resource.config("dev", "GRP", "app-1.yaml")));
        assertTrue(matches("dev:GRP:config/app-*.yaml", Resource.config("dev", "GRP", "app-.yaml")));
        assertFalse(matches("dev:GRP:config/app-*.yaml", Resource.config("dev", "GRP", "app-1.yml")));
        assertTrue(matches("dev:G*:*", Resource.naming("dev", "GRP", "svc")));
        assertTrue(matches("*:GRP:config/a", Resource.config("any", "GRP", "a")));
        // '.', '?', '[' and '\' are themselves: a Nacos-style regex reading would match "aXyaml" here.
        assertFalse(matches("dev:GRP:config/a.yaml", Resource.config("dev", "GRP", "aXyaml")));
        assertFalse(matches("dev:GRP:config/a?", Resource.config("dev", "GRP", "ab")));
        assertTrue(matches("dev:GRP:config/[a]+\\", Resource.config("dev", "GRP", "[a]+\\")));
        assertFalse(matches("dev:GRP:config/(.*)", Resource.config("dev", "GRP", "anything")));
    }

    @Test
    @DisplayName("case counts, in names and in the type")
    void caseCounts() {
        assertFalse(matches("dev:grp:config/a.yaml", Resource.config("dev", "GRP", "a.yaml")));
        assertFalse(matches("dev:GRP:config/A.yaml", Resource.config("dev", "GRP", "a.yaml")));
        assertFalse(matches("DEV:GRP:config/a.yaml", Resource.config("dev", "GRP", "a.yaml")));
        assertThrows(UserAdmin.Refused.class, () -> ResourcePattern.parse("dev:GRP:Config/a.yaml"));
    }

    @Test
    @DisplayName("a list or search (no group, no name) is covered only by a grant on every group or name")
    void listsNeedTheWildcard() {
        Resource list = Resource.config("dev", null, null);
        assertFalse(matches("dev:GRP:config/a.yaml", list));
        assertFalse(matches("dev:GRP:config/*", list));
        assertFalse(matches("dev:*:config/a*", list));
        assertTrue(matches("dev:*:config/*", list));
        assertTrue(matches("dev:*:*", list));
        assertFalse(matches("dev:GRP:naming/*", Resource.naming("dev", "", "")));
        assertTrue(matches("dev:GRP:naming/*", Resource.naming("dev", "GRP", "")));
    }

    @Test
    @DisplayName("only the first two ':' separate; ':' and '/' may be in a name, '..' is just characters")
    void separators() {
        assertTrue(matches("dev:GRP:config/a:b/c", Resource.config("dev", "GRP", "a:b/c")));
        assertFalse(matches("dev:GRP:config/a:b", Resource.config("dev", "GRP", "a")));
        assertFalse(matches("dev:*:config/../x", Resource.config("dev", "GRP", "x")));
        assertFalse(matches("dev:*:config/../x", Resource.config("other", "GRP", "../x")));
        assertTrue(matches("dev:*:config/../x", Resource.config("dev", "GRP", "../x")));
        ResourcePattern pattern = ResourcePattern.parse("dev:GRP:config/a:b");
        assertEquals("dev", pattern.namespaceId());
        assertEquals("GRP:config/a:b", pattern.scope());
    }

    @Test
    @DisplayName("a namespace alone, ns:*:* and a blank namespace keep their meaning")
    void wholeNamespaces() {
        assertTrue(ResourcePattern.parse("dev").wholeNamespace());
        assertTrue(ResourcePattern.parse("dev:*:*").wholeNamespace());
        assertEquals("public", ResourcePattern.parse(":*:*").namespaceId());
        assertEquals("public:GRP:config/a", ResourcePattern.parse(":GRP:config/a").resource());
        assertFalse(ResourcePattern.parse("dev:*:config/*").wholeNamespace());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev:", "dev:*", "dev:GRP", "dev::config/a", "dev:GRP:", "dev:GRP:config",
            "dev:GRP:config/", "dev:GRP:other/a", "dev:GRP:*/a", "dev:GRP:config /a", "dev:GRP:config/a b",
            "dev:GRP:config/a\tb", "dev:GRP:config/a\nb", "de*v:GRP:config/a", "dev*:*:*", " :*:*"})
    @DisplayName("malformed patterns are refused with a message")
    void malformed(String pattern) {
        UserAdmin.Refused refused = assertThrows(UserAdmin.Refused.class, () -> ResourcePattern.parse(pattern));
        assertEquals(UserAdmin.Refused.Kind.INVALID, refused.kind());
        assertFalse(refused.getMessage().isBlank());
    }

    @Test
    @DisplayName("the length is bounded, and a long run of * against a long name stays quick")
    void bounded() {
        assertThrows(UserAdmin.Refused.class, () -> ResourcePattern.parse("dev:GRP:config/" + "a".repeat(400)));
        assertThrows(UserAdmin.Refused.class, () -> ResourcePattern.parse(null));
        String stars = "dev:*:config/" + "*a".repeat(150) + "b";
        long start = System.nanoTime();
        assertFalse(matches(stars, Resource.config("dev", "G", "a".repeat(300))));
        assertTrue(System.nanoTime() - start < 1_000_000_000L);
    }
}
