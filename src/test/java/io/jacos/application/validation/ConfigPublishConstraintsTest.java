package io.jacos.application.validation;

import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import org.junit.jupiter.api.Test;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static io.jacos.application.validation.Refusals.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

/** The bounds of {@link ConfigPublish}'s describing fields: those the store keeps in bounded columns. */
class ConfigPublishConstraintsTest {

    private static ConfigPublish publish(String type, String appName) {
        return new ConfigPublish(new ConfigRef("", "DEFAULT_GROUP", "app.yaml"), "k=1", type, null, appName,
                "d".repeat(100_000), "t1,t2", null);
    }

    @Test
    void typeAndAppNameUpToTheStoredLengthAreTaken() {
        assertDoesNotThrow(() -> VALIDATOR.check(publish("t".repeat(32), "a".repeat(128))));
        assertDoesNotThrow(() -> VALIDATOR.check(publish(null, null)));
    }

    @Test
    void aLongerTypeOrAppNameIsRefusedNamingTheParameter() {
        assertInvalid(() -> VALIDATOR.check(publish("t".repeat(33), "app")), "Param 'type' is illegal");
        assertInvalid(() -> VALIDATOR.check(publish("yaml", "a".repeat(129))), "Param 'appName' is illegal");
    }
}
