package io.jacos.transport.udp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.transport.legacy.LegacyServiceInfo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.OptionalLong;
import java.util.zip.GZIPOutputStream;

/**
 * The 1.x UDP wire format. A push is {@code {"type":"dom","data":"<ServiceInfo JSON as a string>",
 * "lastRefTime":<token>}}, gzipped when its UTF-8 form reaches {@link #GZIP_FROM} bytes (the client tells by
 * the magic bytes {@code 1f 8b}). The client answers {@code {"type":"push-ack","lastRefTime":"<token>"}} with
 * the token as a string; a number is accepted too. The 1.x client reads {@code lastRefTime} as a long and only
 * echoes it, so the field carries the push's ack token.
 */
final class UdpPackets {

    /** Nacos gzips from this size on; smaller packets travel as plain UTF-8. */
    static final int GZIP_FROM = 1024;
    /**
     * Largest payload of one IPv4 UDP datagram (65535 minus IP and UDP headers). It is below the 1.4.6 client's
     * 64 KiB receive buffer, so a packet that fits here is also read whole.
     */
    static final int MAX_PACKET = 65_507;

    /** A push that cannot travel as one datagram; the caller fails the push rather than send a cut packet. */
    static final class PacketTooLarge extends RuntimeException {
        PacketTooLarge(int size) {
            super("UDP push of " + size + " bytes exceeds the " + MAX_PACKET + "-byte datagram limit", null,
                    false, false);
        }
    }

    private final ObjectMapper mapper = new ObjectMapper();

    /** The ServiceInfo JSON that goes, as a string, into a push's {@code data}. */
    String serviceInfo(LegacyServiceInfo info) {
        try {
            return mapper.writeValueAsString(info);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes of one push datagram: plain or gzipped; throws {@link PacketTooLarge} beyond one datagram. */
    byte[] push(String data, long token) {
        ObjectNode packet = mapper.createObjectNode();
        packet.put("type", "dom");
        packet.put("data", data);
        packet.put("lastRefTime", token);
        byte[] plain;
        try {
            plain = mapper.writeValueAsBytes(packet);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        byte[] bytes = plain.length >= GZIP_FROM ? gzip(plain) : plain;
        if (bytes.length > MAX_PACKET) {
            throw new PacketTooLarge(bytes.length);
        }
        return bytes;
    }

    /**
     * The token a {@code push-ack} datagram acknowledges; empty for anything else (another type such as
     * {@code dump-ack} or {@code unknown-ack}, or bytes that are not such JSON).
     */
    OptionalLong ackedToken(byte[] datagram, int length) {
        JsonNode ack;
        try {
            ack = mapper.readTree(datagram, 0, length);
        } catch (IOException e) {
            return OptionalLong.empty();
        }
        if (ack == null || !ack.isObject() || !"push-ack".equals(ack.path("type").asText(null))) {
            return OptionalLong.empty();
        }
        JsonNode token = ack.path("lastRefTime");
        if (token.isIntegralNumber() && token.canConvertToLong()) {
            return OptionalLong.of(token.longValue());
        }
        if (token.isTextual()) {
            try {
                return OptionalLong.of(Long.parseLong(token.textValue().trim()));
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    private static byte[] gzip(byte[] plain) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(plain.length / 4 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
