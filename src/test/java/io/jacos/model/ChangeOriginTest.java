package io.jacos.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ChangeOriginTest {

    @Test
    void anAdminEditNamesTheLoggedInUserWhenThereIsOne() {
        assertEquals(new ChangeOrigin(ChangeCause.ADMIN, "bob@10.0.0.1"), ChangeOrigin.admin("bob", "10.0.0.1"));
        assertEquals(new ChangeOrigin(ChangeCause.ADMIN, "admin@10.0.0.1"), ChangeOrigin.admin("", "10.0.0.1"));
        assertEquals(new ChangeOrigin(ChangeCause.ADMIN, "admin@10.0.0.1"), ChangeOrigin.admin(null, "10.0.0.1"));
    }
}
