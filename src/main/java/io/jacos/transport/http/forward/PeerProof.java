package io.jacos.transport.http.forward;

import io.jacos.cluster.ClusterKeys;
import io.jacos.cluster.ClusterMembers;
import io.jacos.infrastructure.ClusterSecret;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Whether an HTTP request was relayed by a peer node, which is trusted to have routed it already, or comes from
 * anyone else, who is not. With a cluster secret the relaying node signs the request: an HMAC-SHA256, under a key
 * derived from the secret ({@link ClusterKeys#peerProofKey()}), over the method, raw path, raw query, SHA-256 of
 * the body, its own address ({@value #SENDER}), a timestamp ({@value #TIME}) and a random nonce ({@value #NONCE});
 * the receiver accepts it within {@link #WINDOW} of its own clock and only once ({@link SeenProofs}). Without a
 * secret nothing can be proven, so a marked request counts as a peer's only when it arrives from the address of a
 * configured node. A standalone server has no peers. Anything else is a client's request.
 */
@ApplicationScoped
public class PeerProof implements PeerForwarding.Origin {

    /** The relaying node's address; also what every relay carries, signed or not. */
    public static final String SENDER = PeerForwarding.FORWARDED_BY;
    public static final String TIME = "X-Jacos-Peer-Time";
    public static final String NONCE = "X-Jacos-Peer-Nonce";
    public static final String PROOF = "X-Jacos-Peer-Proof";
    /** How far the sender's clock may be from the receiver's, delivery time included. */
    static final Duration WINDOW = Duration.ofSeconds(30);
    /** About 2,000 relays a second for the window; a few MB at most. */
    static final int MAX_REMEMBERED = 65_536;
    private static final int NONCE_BYTES = 16;

    private final Supplier<Optional<byte[]>> keySource;
    private final ClusterMembers members;
    private final Clock clock;
    private final SeenProofs seen;
    private final SecureRandom random = new SecureRandom();
    private volatile Optional<SecretKeySpec> key;

    /** For the container's proxy. */
    protected PeerProof() {
        this(Optional::empty, null, null, 1);
    }

    @Inject
    public PeerProof(ClusterSecret secret, ClusterMembers members, Clock clock) {
        this(() -> secret.value().map(value -> ClusterKeys.derive(value).peerProofKey()), members, clock,
                MAX_REMEMBERED);
    }

    /** @param keySource the proof key, or none without a cluster secret; asked once, at the first use */
    PeerProof(Supplier<Optional<byte[]>> keySource, ClusterMembers members, Clock clock, int maxRemembered) {
        this.keySource = keySource;
        this.members = members;
        this.clock = clock;
        this.seen = new SeenProofs(maxRemembered);
    }

    /**
     * Whether the request was relayed by a peer. Call once per request ({@link RequestOrigin} does): with a
     * secret, a second call for the same request is refused as a replay.
     *
     * @param rawPath    the path as received, context root included, still %-encoded
     * @param rawQuery   the query as received, or null
     * @param body       the body as received (null: none)
     * @param header     a request header by name, null when absent
     * @param remoteAddr the TCP peer's IP address
     */
    public boolean fromPeer(String method, String rawPath, String rawQuery, byte[] body,
                            Function<String, String> header, String remoteAddr) {
        String sender = header.apply(SENDER);
        if (!members.clusterMode() || sender == null) {
            return false;
        }
        Optional<SecretKeySpec> proofKey = key();
        if (proofKey.isEmpty()) {
            return NodeAddresses.isNodeAddress(members, remoteAddr);
        }
        String time = header.apply(TIME);
        String nonce = header.apply(NONCE);
        String shown = header.apply(PROOF);
        if (time == null || nonce == null || shown == null) {
            return false;
        }
        long sentAt;
        try {
            sentAt = Long.parseLong(time);
        } catch (NumberFormatException e) {
            return false;
        }
        long now = clock.millis();
        if (Math.abs(now - sentAt) > WINDOW.toMillis()) {
            return false;
        }
        byte[] expected = mac(proofKey.get(), method, rawPath, rawQuery, body, sender, time, nonce);
        byte[] given;
        try {
            given = Base64.getUrlDecoder().decode(shown.strip());
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, given)
                && seen.firstTime(Base64.getUrlEncoder().encodeToString(expected), sentAt + WINDOW.toMillis(), now);
    }

    /** The headers that make a peer accept the request as this node's relay; only the sender without a secret. */
    @Override
    public Map<String, String> headersFor(String method, String rawPath, String rawQuery, byte[] body) {
        String sender = members.self().address();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SENDER, sender);
        Optional<SecretKeySpec> proofKey = key();
        if (proofKey.isPresent()) {
            String time = Long.toString(clock.millis());
            byte[] nonceBytes = new byte[NONCE_BYTES];
            random.nextBytes(nonceBytes);
            String nonce = Base64.getUrlEncoder().withoutPadding().encodeToString(nonceBytes);
            headers.put(TIME, time);
            headers.put(NONCE, nonce);
            headers.put(PROOF, Base64.getUrlEncoder().encodeToString(
                    mac(proofKey.get(), method, rawPath, rawQuery, body, sender, time, nonce)));
        }
        return headers;
    }

    int remembered() {
        return seen.remembered();
    }

    /** Derived once: PBKDF2 is slow on purpose, and a standalone server never needs it. */
    private Optional<SecretKeySpec> key() {
        Optional<SecretKeySpec> known = key;
        if (known == null) {
            synchronized (this) {
                if (key == null) {
                    key = keySource.get().map(bytes -> new SecretKeySpec(bytes, "HmacSHA256"));
                }
                known = key;
            }
        }
        return known;
    }

    private static byte[] mac(SecretKeySpec key, String method, String rawPath, String rawQuery, byte[] body,
                              String sender, String time, String nonce) {
        ByteArrayOutputStream signed = new ByteArrayOutputStream();
        for (String field : new String[] {method, rawPath, rawQuery == null ? "" : rawQuery, sha256(body), sender,
                time, nonce}) {
            byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
            signed.writeBytes(new byte[] {(byte) (bytes.length >>> 24), (byte) (bytes.length >>> 16),
                    (byte) (bytes.length >>> 8), (byte) bytes.length});
            signed.writeBytes(bytes);
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(signed.toByteArray());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private static String sha256(byte[] body) {
        try {
            return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(body == null ? new byte[0] : body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
