package io.jacos.auth;

import java.util.List;
import java.util.Optional;

/**
 * Where users, role bindings, permissions and the installation's token key are kept (the naming store's database;
 * implemented in {@code persistence}). Every write is committed before the method returns. Methods
 * that create or remove answer false instead of throwing when the row was there already, or was not.
 */
public interface AuthStore {

    Optional<String> passwordHash(String username);

    List<String> usernames();

    boolean createUser(String username, String passwordHash);

    boolean updatePassword(String username, String passwordHash);

    /** Removes the user and every role binding of the user. */
    boolean deleteUser(String username);

    List<UserAdmin.RoleBinding> roleBindings();

    boolean bindRole(String role, String username);

    boolean unbindRole(String role, String username);

    List<UserAdmin.Permission> permissions();

    /**
     * Stores the role's actions on the permission's namespace and scope, replacing what it had on exactly that
     * (an empty set removes the row).
     */
    void savePermission(UserAdmin.Permission permission);

    /** The stored token key, when one was stored. */
    Optional<byte[]> tokenKey();

    /**
     * Stores {@code key} unless a key is stored already (another node of a shared database may have been first),
     * and answers the key that is stored now.
     */
    byte[] storeTokenKeyIfAbsent(byte[] key);
}
