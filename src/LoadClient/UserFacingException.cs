namespace RpcCompare.LoadClient;

/// <summary>Something the user can fix; its message is printed as it is, without a stack trace.</summary>
public sealed class UserFacingException(string message, Exception? inner = null) : Exception(message, inner);
