package io.jacos.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GrayRuleTest {

    @Test
    void aBetaMatchesExactlyTheClientIpsItLists() {
        GrayRule beta = GrayRule.beta("10.0.0.1, 127.0.0.1,,10.0.0.1");
        assertEquals("beta", beta.name());
        assertEquals("10.0.0.1,127.0.0.1", beta.expression(), "blanks and repeats dropped");
        assertTrue(beta.matches(new ConfigView("127.0.0.1", null)));
        assertTrue(beta.matches(new ConfigView("10.0.0.1", "canary")), "a tag does not hide the IP");
        assertFalse(beta.matches(new ConfigView("127.0.0.2", null)));
        assertFalse(beta.matches(new ConfigView("10.0.0", null)), "no prefix match");
        assertFalse(beta.matches(ConfigView.FORMAL), "a reader with no IP gets the formal version");
    }

    @Test
    void aBetaMatchesTheFirstTheLastAndNoPartOfAnEntry() {
        GrayRule beta = GrayRule.beta("10.0.0.1,10.0.0.22,10.0.0.3");

        assertTrue(beta.matches(new ConfigView("10.0.0.1", null)));
        assertTrue(beta.matches(new ConfigView("10.0.0.3", null)));
        assertFalse(beta.matches(new ConfigView("10.0.0.2", null)), "a prefix of a middle entry");
        assertFalse(beta.matches(new ConfigView("0.0.3", null)), "a suffix of the last entry");
        assertFalse(beta.matches(new ConfigView("10.0.0.1,10.0.0.22", null)), "two entries at once");
        assertFalse(beta.matches(new ConfigView("", null)));
    }

    @Test
    void aTagMatchesTheClientsThatAskWithIt() {
        GrayRule tag = GrayRule.tag(" canary ");
        assertEquals("tag_canary", tag.name());
        assertTrue(tag.matches(new ConfigView("10.0.0.1", "canary")));
        assertFalse(tag.matches(new ConfigView("10.0.0.1", "Canary")), "case counts, as in Nacos");
        assertFalse(tag.matches(new ConfigView("10.0.0.1", null)));
    }

    @Test
    void aBetaComesBeforeAnyTagAndBetaIpsBeforeATagInAPublish() {
        assertTrue(GrayRule.beta("1.1.1.1").priority() > GrayRule.tag("a").priority());
        assertEquals(GrayRule.Kind.BETA, GrayRule.of("1.1.1.1", "canary").kind());
        assertEquals(GrayRule.Kind.TAG, GrayRule.of(" ", "canary").kind());
        assertNull(GrayRule.of(null, " "), "blank gray fields are a formal publish");
    }

    @Test
    void overTheBoundsARuleIsRefusedWithTheParametersName() {
        RegistryException longTag = assertThrows(RegistryException.class, () -> GrayRule.tag("t".repeat(17)));
        assertEquals(400, longTag.code());
        assertEquals("tag", longTag.param());
        assertThrows(RegistryException.class, () -> GrayRule.tag("a b"));
        assertThrows(RegistryException.class, () -> GrayRule.beta(" , "));
        StringBuilder many = new StringBuilder();
        for (int i = 0; i <= GrayRule.MAX_BETA_IPS; i++) {
            many.append("10.0.").append(i / 250).append('.').append(i % 250).append(',');
        }
        RegistryException tooMany = assertThrows(RegistryException.class, () -> GrayRule.beta(many.toString()));
        assertEquals("betaIps", tooMany.param());
        assertThrows(RegistryException.class, () -> GrayRule.beta("1".repeat(GrayRule.MAX_BETA_IPS_LENGTH + 1)));
    }
}
