using RpcCompare.Server.Common;
using RpcCompare.Server.GraphQl;
using RpcCompare.Stacks;

return StackHost.Run(args, StackCatalog.GraphQl,
    add: builder => builder.AddGraphQlHost(), map: app => app.MapGraphQlHost(), GraphQlHost.DetailedErrors);
