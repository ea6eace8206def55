namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Stable values of <c>extensions.code</c> on every error this engine produces, so clients and tests can
/// branch on a code instead of on message text.
/// </summary>
public static class ErrorCodes
{
    public const string ParseError = "PARSE_ERROR";
    public const string MaxDocumentLengthExceeded = "MAX_DOCUMENT_LENGTH_EXCEEDED";
    public const string MaxTokensExceeded = "MAX_TOKENS_EXCEEDED";
    public const string MaxParserDepthExceeded = "MAX_PARSER_DEPTH_EXCEEDED";
    public const string ValidationError = "VALIDATION_ERROR";
    public const string MaxExecutionDepthExceeded = "MAX_EXECUTION_DEPTH_EXCEEDED";
    public const string MaxIntrospectionDepthExceeded = "MAX_INTROSPECTION_DEPTH_EXCEEDED";
    public const string MaxCostExceeded = "MAX_COST_EXCEEDED";
    public const string MaxFieldCountExceeded = "MAX_FIELD_COUNT_EXCEEDED";
    public const string IntrospectionNotAllowed = "INTROSPECTION_NOT_ALLOWED";
    public const string OperationNotFound = "OPERATION_NOT_FOUND";
    public const string OperationNameRequired = "OPERATION_NAME_REQUIRED";
    public const string OperationNotAllowed = "OPERATION_NOT_ALLOWED";
    public const string InvalidVariables = "VARIABLE_VALUE_INVALID";
    public const string InvalidArgument = "INVALID_ARGUMENT";
    public const string NonNullViolation = "NON_NULL_VIOLATION";
    public const string ResultSerializationError = "RESULT_SERIALIZATION_ERROR";
    public const string ExecutionTimeout = "EXECUTION_TIMEOUT";
    public const string RequestCancelled = "REQUEST_CANCELLED";
    public const string UnexpectedExecutionError = "UNEXPECTED_EXECUTION_ERROR";
    public const string NotFound = "NOT_FOUND";

    // Transport (GraphQL-over-HTTP) errors.
    public const string InvalidRequest = "INVALID_REQUEST";
    public const string RequestTooLarge = "REQUEST_TOO_LARGE";
    public const string UnsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE";
    public const string NotAcceptable = "NOT_ACCEPTABLE";
    public const string MethodNotAllowed = "METHOD_NOT_ALLOWED";
}
