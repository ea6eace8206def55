namespace RpcCompare.Data;

public static class Timestamps
{
    /// <summary>
    /// PostgreSQL keeps microseconds; cutting .NET's 100 ns ticks to that up front means a value reads back equal to what
    /// was written, on every stack.
    /// </summary>
    public static DateTime ToMicroseconds(DateTime value) =>
        new(value.Ticks - value.Ticks % 10, DateTimeKind.Utc);

    public static DateTime Now() => ToMicroseconds(DateTime.UtcNow);
}
