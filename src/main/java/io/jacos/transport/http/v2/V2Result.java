package io.jacos.transport.http.v2;

/**
 * The v2 envelope: {@code code} 0 and message {@code success} with the answer in {@code data}; on failure the
 * v2 error code, its short text, and the detail in {@code data}.
 */
public record V2Result(int code, String message, Object data) {

    public static V2Result success(Object data) {
        return new V2Result(0, "success", data);
    }
}
